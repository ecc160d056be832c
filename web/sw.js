// Dice Harbor, self-hosted: every file of the site is kept once it has been loaded, so the
// game starts again without a network. Files come from the cache first.
const CACHE = "dice-harbor-v1";
const FILES = __FILES__;  // written by web/build.py --self-host

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES))
                        .then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) return kept;
    const answer = await fetch(request);
    if (answer.ok) cache.put(request, answer.clone());
    return answer;
  }));
});
