// Offline: the page's shell (HTML, script, style, the worker, icons) is
// cached on install and served from the cache first. The engine (.wasm) is
// not fetched here: the page's engine worker downloads it once and keeps it
// in the "sudokit-engine" cache itself, which this worker reads too (a
// download here as well would cross a phone's network twice at once).
//
// A new build changes VERSION (the build script, or `sudokit serve` for its
// compiled-in copy, writes a hash of the files), which installs a fresh cache
// and drops the old one and any engine but the current. The build also
// writes SHELL's content-hashed names and ENGINE; in the sources ENGINE is
// empty (the engine is then the server's API, which is never cached).
"use strict";
const VERSION = "dev";
const CACHE = `sudokit-${VERSION}`;
const ENGINE_CACHE = "sudokit-engine";
const SHELL = ["./", "index.html", "app.css", "app/state.js", "app/engine.js", "app/board.js", "app/play.js", "app/link.js", "app/daily.js", "app/controls.js", "app/main.js", "worker.js", "manifest.webmanifest", "icon.svg", "icon-192.png", "icon-512.png"];
const ENGINE = "";
self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => {
  const stale = caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE && k !== ENGINE_CACHE).map((k) => caches.delete(k))));
  const oldEngines = caches.open(ENGINE_CACHE).then((c) => c.keys().then((reqs) => Promise.all(reqs.filter((r) => !ENGINE || !r.url.endsWith(`/${ENGINE}`)).map((r) => c.delete(r)))));
  e.waitUntil(Promise.all([stale, oldEngines]).then(() => self.clients.claim()));
});
self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  // The JSON API (when served by `sudokit serve`) is never cached.
  if (e.request.method !== "GET" || url.origin !== location.origin || url.pathname.includes("/api/") || url.pathname.endsWith("/engine.json")) return;
  e.respondWith(
    caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request).then((res) => {
      // The engine is the worker's to keep (see above).
      if (res.ok && !url.pathname.endsWith(".wasm")) { const copy = res.clone(); caches.open(CACHE).then((c) => c.put(e.request, copy)); }
      return res;
    }))
  );
});
