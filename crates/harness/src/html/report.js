// The report's behaviour: sortable tables, the instance table drawn from its data and
// filtered, and the pictures of a clicked instance, inflated from the packed blob.
"use strict";
const $ = (selector) => document.querySelector(selector);

function sortable(table) {
  const heads = [...table.tHead.rows[0].cells];
  heads.forEach((th, column) => th.addEventListener("click", () => {
    const ascending = th.dataset.order !== "asc";
    heads.forEach((h) => delete h.dataset.order);
    th.dataset.order = ascending ? "asc" : "desc";
    const numeric = th.hasAttribute("data-num");
    const key = (tr) => {
      const td = tr.cells[column];
      const text = td.dataset.v ?? td.textContent;
      if (!numeric) return text;
      const n = parseFloat(text);
      return Number.isNaN(n) ? Infinity : n;
    };
    const body = table.tBodies[0];
    const rows = [...body.rows].map((tr) => [key(tr), tr]);
    rows.sort(([a], [b]) => {
      const order = numeric ? (a === b ? 0 : a < b ? -1 : 1) : a.localeCompare(b, undefined, { numeric: true });
      return ascending ? order : -order;
    });
    body.append(...rows.map(([, tr]) => tr));
  }));
}

const data = JSON.parse($("#data").textContent);

function drawInstances() {
  const html = data.rows.map(([i, k, verdict, solutions, wall, checked]) =>
    `<tr data-i="${i}"><td><a>${escapeHtml(data.instances[i])}</a></td><td>${escapeHtml(data.runners[k])}</td>` +
    `<td class="${verdict}">${verdict}</td><td>${solutions}</td><td>${wall.toFixed(4)}</td>` +
    `<td class="${checked}">${checked}</td></tr>`).join("");
  $("#instances").tBodies[0].innerHTML = html;
  const statuses = [...new Set(data.rows.map((r) => r[2]))].sort();
  for (const s of statuses) $("#status").add(new Option(s, s));
  filter();
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function filter() {
  const needle = $("#filter").value.toLowerCase();
  const status = $("#status").value;
  let shown = 0;
  for (const tr of $("#instances").tBodies[0].rows) {
    const text = (tr.cells[0].textContent + " " + tr.cells[1].textContent).toLowerCase();
    tr.hidden = !(text.includes(needle) && (!status || tr.cells[2].textContent === status));
    shown += tr.hidden ? 0 : 1;
  }
  $("#shown").textContent = `${shown} of ${data.rows.length} rows`;
}

let pictures = null;
async function inflate() {
  const packed = $("#pictures").textContent.trim();
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return JSON.parse(await new Response(stream).text());
}

async function show(tr) {
  document.querySelectorAll("#instances tr.selected").forEach((r) => r.classList.remove("selected"));
  tr.classList.add("selected");
  pictures = pictures ?? await inflate();
  const name = data.instances[Number(tr.dataset.i)];
  const [puzzle, solution] = pictures[name] ?? [null, null];
  const aside = $("#picture");
  aside.replaceChildren();
  const heading = document.createElement("h3");
  heading.textContent = name;
  aside.append(heading);
  const add = (label, svg) => {
    const p = document.createElement("p");
    p.textContent = label;
    aside.append(p);
    if (svg) aside.insertAdjacentHTML("beforeend", svg);
  };
  add(puzzle ? "The puzzle" : "This kind has no picture.", puzzle);
  add(solution ? "Its first solution" : "No checked solution.", solution);
}

document.querySelectorAll("table.sortable").forEach(sortable);
drawInstances();
$("#filter").addEventListener("input", filter);
$("#status").addEventListener("change", filter);
$("#instances").addEventListener("click", (event) => {
  const tr = event.target.closest("tbody tr");
  if (tr && event.target.closest("td:first-child")) show(tr);
});
