// Offline: every file of the site is cached on install and served from the
// cache first; a new build changes VERSION (the build script, or
// `sudokit serve` for its compiled-in copy, writes a hash of the files),
// which installs a fresh cache and drops the old one. The engine's files are
// cached when present: the copy inside `sudokit serve` has none (its engine
// is the server's API, so it needs the server anyway).
"use strict";
const VERSION = "dev";
const CACHE = `sudokit-${VERSION}`;
const FILES = ["./", "index.html", "app.css", "app.js", "worker.js", "manifest.webmanifest", "icon.svg", "icon-192.png", "icon-512.png"];
const ENGINE = ["sudokit_wasm.js", "sudokit_wasm_bg.wasm"];
self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES).then(() => Promise.all(ENGINE.map((f) => c.add(f).catch(() => {}))))).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});
self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  // The JSON API (when served by `sudokit serve`) is never cached.
  if (e.request.method !== "GET" || url.origin !== location.origin || url.pathname.includes("/api/") || url.pathname.endsWith("/engine.json")) return;
  e.respondWith(
    caches.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request).then((res) => {
      if (res.ok) { const copy = res.clone(); caches.open(CACHE).then((c) => c.put(e.request, copy)); }
      return res;
    }))
  );
});
