// Dice Harbor's service worker (web/sw.js; web/build.py --pyodide --self-host writes it into
// the site with this version's files and their sha256). It keeps one version of the whole
// site -- the page, the runtime, the game -- so the game starts again without a network:
//
// - Installing fetches every file of its version (FILE.gz where the build packed one,
//   unpacked here when the host did not), checks each against its sha256 (from the HTTP
//   cache first, then from the host if that copy is stale) and keeps them in a cache named
//   after the version. One file missing or different: the install fails and nothing of it
//   is kept, so a version is whole or absent.
// - It answers only from its own version's cache: a page it serves is never a mix of two
//   versions.
// - A newer version found on a visit installs in the background and waits; the page's next
//   start finds it waiting and moves to it before it loads anything, and a page whose
//   version is not this worker's reloads before it loads anything (web/pyodide.tmpl).
const VERSION = __VERSION__;
const FILES = __FILES__;  // [{path, sha256, packed, later}]
const CACHE = "dice-harbor-" + VERSION;
const BASE = new URL("./", self.location).href;
const TYPES = { html: "text/html", js: "text/javascript", mjs: "text/javascript",
                json: "application/json", wasm: "application/wasm", zip: "application/zip",
                whl: "application/zip", png: "image/png", webmanifest: "application/manifest+json",
                bin: "application/octet-stream" };

function typeOf(path) {
  return TYPES[path.split(".").pop()] || "application/octet-stream";
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function unpacked(bytes) {
  // A FILE.gz the host sent as it is (most do; itch.io unpacks it itself, by its name)
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function checked(file) {
  const gz = file.packed && typeof DecompressionStream !== "undefined";
  for (const mode of ["default", "reload"]) {  // the HTTP cache's copy, then the host's
    let answer = await fetch(BASE + file.path + (gz ? ".gz" : ""), { cache: mode });
    if (!answer.ok && gz) answer = await fetch(BASE + file.path, { cache: mode });
    if (!answer.ok) continue;
    let body = new Uint8Array(await answer.arrayBuffer());
    if (gz) body = await unpacked(body);
    if (await sha256(body) === file.sha256) {
      return new Response(body, { headers: { "Content-Type": typeOf(file.path) } });
    }
  }
  throw new Error(`${file.path} is not the file of version ${VERSION}`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      for (const file of FILES) {  // one at a time: a phone's memory
        if (!(await cache.match(BASE + file.path))) {
          await cache.put(BASE + file.path, await checked(file));
        }
      }
    } catch (error) {
      await caches.delete(CACHE);  // nothing half kept
      throw error;
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("dice-harbor-") && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "take over") self.skipWaiting();  // the page asks, before it loads
  if (event.data === "version" && event.ports[0]) event.ports[0].postMessage(VERSION);
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !url.href.startsWith(BASE)) return;
  let path = url.pathname.slice(new URL(BASE).pathname.length);
  if (path === "" || path.endsWith("/")) path += "index.html";
  event.respondWith((async () => {
    const kept = await (await caches.open(CACHE)).match(BASE + path);
    return kept || fetch(request);  // not a file of this version
  })());
});
