// gametree's stepping page: shows the search as it stands after step N.
// All geometry is in the SVG already; this only sets classes and texts
// from the steps the page carries (each step lists the nodes and edges
// it changed), so nothing moves while stepping. The tree is drawn as
// large as the window lets it, but never with text too small to read
// from the back of a lecture hall: a larger tree then pans (scroll, or
// drag it) and follows the current node.
"use strict";
const data = JSON.parse(document.getElementById("gametree-data").textContent);
const last = data.steps.length;
const nodeOf = (id) => (id === null ? null : document.getElementById("n" + id));
const edges = new Map();
document.querySelectorAll(".edge").forEach((edge) => edges.set(edge.dataset.child, edge));
const edgeOf = (id) => edges.get(String(id));
const slider = document.getElementById("slider");
const box = document.getElementById("tree-box");
const tree = document.getElementById("tree");
let shown = -1;

// Zoom: 1 draws the tree's points as CSS pixels (names 12px). Fitting the
// window never goes above LARGEST, nor below the zoom that makes names a
// sixtieth of the window's height (18px on a 1080p projector), or 12px.
const LARGEST = 3, STEP = 1.25;
const natural = tree.viewBox.baseVal;
let zoom = null; // null: fit the window

function fitting() {
  const readable = Math.max(1, Math.min(1.5, window.innerHeight / 720));
  const scale = Math.min(box.clientWidth / natural.width, box.clientHeight / natural.height);
  return Math.max(readable, Math.min(LARGEST, scale));
}

function applyZoom() {
  const scale = zoom === null ? fitting() : zoom;
  tree.style.width = natural.width * scale + "px";
  tree.style.height = natural.height * scale + "px";
  document.getElementById("zoom-level").textContent = Math.round(scale * 100) + "%";
}

function setZoom(scale) {
  zoom = scale === null ? null : Math.max(0.25, Math.min(8, scale));
  applyZoom();
  keepInView(currentNode());
}

const currentZoom = () => (zoom === null ? fitting() : zoom);
const currentNode = () => (shown > 0 ? nodeOf(data.steps[shown - 1].current) : null);

// Scrolls the tree so that `node` is in view, with room around it; a node
// that already is stays where it is.
function keepInView(node) {
  if (!node) return;
  const room = 40;
  const at = node.getBoundingClientRect(), frame = box.getBoundingClientRect();
  const inside = at.left >= frame.left + room && at.right <= frame.right - room &&
    at.top >= frame.top + room && at.bottom <= frame.bottom - room;
  if (inside) return;
  box.scrollTo({
    left: box.scrollLeft + (at.left + at.right) / 2 - (frame.left + frame.right) / 2,
    top: box.scrollTop + (at.top + at.bottom) / 2 - (frame.top + frame.bottom) / 2,
  });
}

function setNode([id, ink, value, window, valued]) {
  const node = nodeOf(id);
  if (!node) return;
  node.setAttribute("class", "node " + node.dataset.shape + " " + ink);
  const line = (cls, text) => {
    const span = node.querySelector("tspan." + cls);
    if (span) span.textContent = text || "";
  };
  line("value", value);
  line("window", window);
  if (valued && value) node.setAttribute("data-value", value);
  else node.removeAttribute("data-value");
}

function setEdge([id, ink]) {
  const edge = edgeOf(id);
  if (edge) edge.setAttribute("class", "edge " + ink);
}

function answerLines(step) {
  const order = [], leaves = [], pruned = [];
  for (const s of data.steps.slice(0, step)) {
    if (s.order !== null) order.push(s.order);
    if (s.leaf !== null) leaves.push(s.leaf);
    pruned.push(...s.pruned);
  }
  const lines = ["order: " + order.join(" "), "leaves: " + leaves.join(" "),
    "pruned: " + (step === last && pruned.length === 0 ? "none" : pruned.join(" "))];
  if (step === last) lines.push("best move: " + data.best, "value: " + data.value);
  return lines.join("\n");
}

function show(step) {
  step = Math.max(0, Math.min(last, step));
  if (step === shown) return;
  shown = step;
  const start = step === 0 ? data.start : data.base;
  start.nodes.forEach(setNode);
  start.edges.forEach(setEdge);
  for (const s of data.steps.slice(0, step)) {
    s.nodes.forEach(setNode);
    s.edges.forEach(setEdge);
  }
  const current = currentNode();
  if (current) current.classList.add("current");
  document.getElementById("step-text").textContent =
    step === 0 ? data.before : data.steps[step - 1].text;
  document.getElementById("answer").textContent = answerLines(step);
  document.getElementById("counter").textContent = "step " + step + " of " + last;
  slider.value = step;
  // After the texts: they may change the room the tree has.
  keepInView(current);
  if (location.hash !== "#step=" + step) location.hash = "step=" + step;
}

function fromHash() {
  const match = /^#step=(\d+)$/.exec(location.hash);
  return match ? Number(match[1]) : null;
}

document.querySelectorAll(".node").forEach((node) => {
  node.dataset.shape = node.getAttribute("class").split(" ")[1];
});
const buttons = {
  first: () => show(0),
  previous: () => show(shown - 1),
  next: () => show(shown + 1),
  last: () => show(last),
  "zoom-out": () => setZoom(currentZoom() / STEP),
  "zoom-fit": () => setZoom(null),
  "zoom-in": () => setZoom(currentZoom() * STEP),
};
for (const [id, act] of Object.entries(buttons)) document.getElementById(id).onclick = act;
slider.max = last;
slider.oninput = () => show(Number(slider.value));
window.addEventListener("hashchange", () => {
  const step = fromHash();
  if (step !== null) show(step);
});
// A window that changes size (a presenter going full screen) refits the
// tree and brings the current node back into view.
window.addEventListener("resize", () => {
  if (zoom === null) applyZoom();
  keepInView(currentNode());
});

// Keys, as a keyboard and a presenter's remote send them. With Alt, Ctrl
// or Meta held a key is the browser's (Alt+← goes back, Ctrl+H opens the
// history); Space and Enter on a focused button press that button.
const keys = {
  ArrowLeft: () => show(shown - 1), ArrowRight: () => show(shown + 1),
  PageUp: () => show(shown - 1), PageDown: () => show(shown + 1),
  " ": (event) => show(event.shiftKey ? shown - 1 : shown + 1),
  Home: () => show(0), End: () => show(last),
  h: () => document.getElementById("answer").classList.toggle("hidden"),
  "+": buttons["zoom-in"], "=": buttons["zoom-in"], "-": buttons["zoom-out"], 0: buttons["zoom-fit"],
};
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || !keys[event.key]) return;
  if (event.target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter")) return;
  event.preventDefault();
  keys[event.key](event);
});

// Dragging the tree pans it.
let drag = null;
box.addEventListener("pointerdown", (event) => {
  drag = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop };
});
box.addEventListener("pointermove", (event) => {
  if (!drag || event.buttons === 0) return;
  box.scrollLeft = drag.left - (event.clientX - drag.x);
  box.scrollTop = drag.top - (event.clientY - drag.y);
});
window.addEventListener("pointerup", () => (drag = null));

applyZoom();
const asked = fromHash();
show(asked === null ? data.open : asked);
