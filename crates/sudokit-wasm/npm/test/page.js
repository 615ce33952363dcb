// Runs in headless Chromium (browser.test.mjs): the package's browser entry,
// imported by name through the page's import map.
import { Puzzle, generate, version } from "sudokit";

const WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
try {
  const p = new Puzzle(WIKI);
  const made = generate({ box: "2x2", seed: 5 });
  window.result = {
    version: version(),
    solution: p.solve().solution.line,
    steps: p.explain().steps,
    level: p.rate().level,
    svg: p.renderSvg(),
    generated: made.grid.line,
    generatedCount: new Puzzle(made.grid.line).count().count,
  };
} catch (e) {
  window.result = { error: String(e && e.stack || e) };
}
document.getElementById("out").textContent = "done";
