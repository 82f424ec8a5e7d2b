//! The same tree with another player at the root or its file's values
//! read from another point of view, made from the tree itself: `check`
//! tries such conventions on a wrong answer, and reading a large file
//! again for each cost it most of its time and memory.

use std::sync::Arc;

use super::{Perspective, Player, Tree};

impl Tree {
    /// The tree its file gives with `player` at the root and its values
    /// from `perspective`'s point of view, as [`validate`](super::validate)
    /// would build it; `None` where this tree cannot tell, because the
    /// file names a player below the root. Names are shared, not copied.
    pub fn seen_as(&self, player: Player, perspective: Perspective) -> Option<Tree> {
        if !self.players_by_depth {
            return None;
        }
        // Below the root every player is the opponent of its parent's, so
        // another player at the root turns every player.
        let turned = player != self.player(self.root());
        let players: Vec<Player> = match turned {
            true => self.players.iter().map(|player| player.opponent()).collect(),
            false => self.players.clone(),
        };
        // The file's value is the kept one turned back (turning is its own
        // inverse), then kept as the new perspective and player say.
        let values = (self.values.iter().zip(&self.players).zip(&players))
            .map(|((&kept, &was), &is)| perspective.to_max(self.perspective.to_max(kept, was), is))
            .collect();
        Some(Tree {
            names: Arc::clone(&self.names),
            shape: Arc::clone(&self.shape),
            players,
            values,
            probabilities: self.probabilities.clone(),
            actions: self.actions.clone(),
            suggested: self.suggested,
            perspective,
            notes: self.notes.clone(),
            players_by_depth: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Naming, NodeId, Overrides, example_files, parse};

    /// What a tree says of each node, values compared bit for bit (NaN
    /// stands for none).
    fn described(tree: &Tree) -> Vec<(String, Player, u64, Vec<NodeId>)> {
        let node = |node: NodeId| {
            let value = tree.values[node.index()].to_bits();
            (tree.name(node).to_string(), tree.player(node), value, tree.children(node).to_vec())
        };
        tree.nodes().map(node).collect()
    }

    #[test]
    fn a_tree_seen_another_way_is_the_tree_its_file_gives_that_way() {
        let (mut made, mut refused) = (0, 0);
        for bytes in example_files() {
            let tree = parse(&bytes[..], Naming::Letters, Overrides::default()).unwrap();
            for player in [Player::Max, Player::Min] {
                for perspective in [Perspective::Max, Perspective::Mover] {
                    let Some(seen) = tree.seen_as(player, perspective) else {
                        refused += 1;
                        continue;
                    };
                    let overrides = Overrides {
                        player: Some(player),
                        perspective: Some(perspective),
                        graph: false,
                    };
                    let read = parse(&bytes[..], Naming::Letters, overrides).unwrap();
                    assert_eq!(described(&seen), described(&read));
                    assert_eq!(seen.perspective(), read.perspective());
                    made += 1;
                }
            }
        }
        // Both kinds are among the examples: files with chance nodes name
        // players below the root.
        assert!(made >= 40 && refused >= 8, "{made} made, {refused} refused");
    }

    #[test]
    fn a_player_named_below_the_root_is_not_turned() {
        let text = br#"{"players": {"b": "max"}, "children": {"a": ["b"], "b": ["c"]}, "values": {"c": 1}}"#;
        let tree = parse(&text[..], Naming::Letters, Overrides::default()).unwrap();
        assert!(tree.seen_as(Player::Min, Perspective::Max).is_none());
        let text = br#"{"players": {"a": "max"}, "children": {"a": ["b"], "b": ["c"]}, "values": {"c": 1}}"#;
        let tree = parse(&text[..], Naming::Letters, Overrides::default()).unwrap();
        assert!(tree.seen_as(Player::Min, Perspective::Max).is_some());
    }
}
