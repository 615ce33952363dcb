// Saving and sharing; the same text as the link is kept in local storage.
"use strict";
// The link carries the puzzle (box, variants, regions, cube, givens) and the
// player's progress (entries, notes, time): #b=3x3&v=x&g=..5..&e=...
const enc = (arr) => arr.map((v) => (v ? sym(v) : ".")).join("");
const dec = (s, len) => Array.from({ length: len }, (_, i) => { const v = SYMBOLS.indexOf((s[i] || ".").toUpperCase()) + 1; return v > 0 ? v : 0; });
const encMasks = (a) => (a.some(Boolean) ? a.map((m) => (m ? m.toString(36) : "")).join("-") : "");
const decMasks = (s, len) => { const p = (s || "").split("-"); return Array.from({ length: len }, (_, i) => parseInt(p[i] || "0", 36) || 0); };
function shareParams() {
  const p = new URLSearchParams();
  p.set("b", st.box);
  if (st.cube) p.set("cube", "1");
  if (st.variants.length) p.set("v", st.variants.join(","));
  if (st.regions) p.set("r", st.regions.map((x) => SYMBOLS[x] || "?").join(""));
  p.set("g", enc(st.givens));
  if (st.constraints.length) p.set("c", st.constraints.join("\n"));
  if (st.entries.some(Boolean)) p.set("e", enc(st.entries));
  if (encMasks(st.corner)) p.set("cm", encMasks(st.corner));
  if (encMasks(st.centre)) p.set("ce", encMasks(st.centre));
  if (encMasks(st.struck)) p.set("x", encMasks(st.struck));
  if (st.colour.some(Boolean)) p.set("co", enc(st.colour));
  if (st.daily) p.set("d", st.daily);
  if (st.elapsed) p.set("t", String(st.elapsed));
  return p.toString();
}
// The hash of a link being opened (the hashchange listener below).
let opening = null;
// The hash this page last wrote. Another one in the address bar is a link
// whose hashchange may still be queued: the clock's tick in between would
// otherwise write the old game over it (and a reload then open the old game).
let written = null;
function writeUrl() {
  if (!st.info || opening != null) return;
  if (written != null && location.hash.slice(1) !== written) return;
  history.replaceState(null, "", `#${shareParams()}`);
  written = location.hash.slice(1);
}
function save() { if (st.info) try { localStorage.setItem(STORE, shareParams()); } catch (e) { /* storage full or off: play on */ } }
async function loadParams(hash) {
  const p = new URLSearchParams(hash);
  // Read before load() saves the new board over it.
  let saved = null;
  try { saved = new URLSearchParams(localStorage.getItem(STORE) || ""); } catch (e) { /* storage off */ }
  const [rr, cc] = (p.get("b") || "3x3").split("x").map(Number);
  const n = rr * cc, cells = p.get("cube") ? n * n * n : n * n;
  const grid = { box: `${rr}x${cc}`, layout: p.get("cube") ? "cube" : "square", rows: [dec(p.get("g") || "", cells)] };
  if (p.get("v")) grid.variants = p.get("v").split(",");
  if (p.get("r")) grid.regions = Array.from(p.get("r"), (ch) => SYMBOLS.indexOf(ch));
  if (p.get("c")) grid.constraints = p.get("c").split("\n");
  await load(JSON.stringify(grid), dec(p.get("e") || "", cells));
  st.corner = decMasks(p.get("cm"), cells); st.centre = decMasks(p.get("ce"), cells); st.struck = decMasks(p.get("x"), cells);
  st.colour = dec(p.get("co") || "", cells).map((k) => (k <= COLOURS ? k : 0));
  st.daily = /^\d{4}-\d{2}-\d{2}$/.test(p.get("d") || "") ? p.get("d") : null;
  st.elapsed = +p.get("t") || 0;
  // The same puzzle saved here with more time (a link written before the
  // last tick): the time never goes back.
  if (saved && ["b", "cube", "v", "r", "g", "c"].every((k) => saved.get(k) === p.get(k))) st.elapsed = Math.max(st.elapsed, +saved.get("t") || 0);
  $("timer").textContent = clock(st.elapsed);
  paint(); save();
}
$("share").onclick = async () => {
  const url = `${location.origin}${location.pathname}#${shareParams()}`;
  try {
    if (navigator.share && matchMedia("(pointer: coarse)").matches) await navigator.share({ title: "sudokit puzzle", url });
    else { await navigator.clipboard.writeText(url); status("Link copied: it opens this puzzle with your progress."); }
  } catch (e) { $("paste").value = url; $("load-box").open = true; status("Copy the link from the box below."); }
};
