// The offline page (offline.html, shown by the service worker when a page cannot be loaded): once
// the browser says the connection is back — or at once, when it already says so (the server did not
// answer, or the connection came back before this script ran) — it checks that the server answers,
// then loads the address asked for again. « Réessayer » is a plain link to the same address: it works without
// this script too.
(function () {
  var waiting = false;
  function retry() {
    if (waiting) return;
    waiting = true;
    fetch(window.location.href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' }).then(
      function () {
        window.location.reload();
      },
      function () {
        waiting = false;
        if (navigator.onLine) setTimeout(retry, 2000);
      },
    );
  }
  window.addEventListener('online', retry);
  if (navigator.onLine) retry();
})();
