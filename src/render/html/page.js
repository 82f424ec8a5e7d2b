// gametree's stepping page: shows the search as it stands after step N.
// All geometry is in the SVG already; this only sets classes and texts
// from the steps the page carries (each step lists the nodes and edges
// it changed), so nothing moves while stepping.
"use strict";
const data = JSON.parse(document.getElementById("gametree-data").textContent);
const last = data.steps.length;
const nodeOf = (id) => document.getElementById("n" + id);
const edges = new Map();
document.querySelectorAll(".edge").forEach((edge) => edges.set(edge.dataset.child, edge));
const edgeOf = (id) => edges.get(String(id));
const slider = document.getElementById("slider");
let shown = -1;

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
  if (step === last) data.pv.forEach(setEdge);
  const current = step > 0 ? nodeOf(data.steps[step - 1].current) : null;
  if (current) {
    current.classList.add("current");
    current.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  document.getElementById("step-text").textContent =
    step === 0 ? data.before : data.steps[step - 1].text;
  document.getElementById("answer").textContent = answerLines(step);
  document.getElementById("counter").textContent = "step " + step + " of " + last;
  slider.value = step;
  if (location.hash !== "#step=" + step) location.hash = "step=" + step;
}

function fromHash() {
  const match = /^#step=(\d+)$/.exec(location.hash);
  return match ? Number(match[1]) : null;
}

document.querySelectorAll(".node").forEach((node) => {
  node.dataset.shape = node.getAttribute("class").split(" ")[1];
});
document.getElementById("first").onclick = () => show(0);
document.getElementById("previous").onclick = () => show(shown - 1);
document.getElementById("next").onclick = () => show(shown + 1);
document.getElementById("last").onclick = () => show(last);
slider.max = last;
slider.oninput = () => show(Number(slider.value));
window.addEventListener("hashchange", () => {
  const step = fromHash();
  if (step !== null) show(step);
});
document.addEventListener("keydown", (event) => {
  const moves = { ArrowLeft: () => shown - 1, ArrowRight: () => shown + 1, Home: () => 0, End: () => last };
  if (moves[event.key]) {
    event.preventDefault();
    show(moves[event.key]());
  } else if (event.key === "h") {
    document.getElementById("answer").classList.toggle("hidden");
  }
});
const asked = fromHash();
show(asked === null ? data.open : asked);
