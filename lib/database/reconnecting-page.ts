import { RETRY_AFTER_SECONDS } from './unavailable';

/**
 * The page shown instead of any page while the desk cannot reach its database: a whole document
 * of its own (the desk's pages need the database to draw even their frame), which asks
 * `/api/ready` every few seconds and opens the page again once the database answers, and offers
 * a link to try at once. Its one script carries the request's CSP nonce.
 */
export function reconnectingPage({ nonce, path }: { nonce: string; path: string }): string {
  const again = escapeHtml(path.startsWith('/') && !path.startsWith('//') ? path : '/');
  const wait = RETRY_AFTER_SECONDS * 1000;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>The desk is reconnecting…</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; color: #1c1917; background: #fafaf9; }
main { max-width: 36rem; margin: 0 auto; padding: 3rem 1.5rem; line-height: 1.5; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
p { color: #44403c; }
a { color: #78350f; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>The desk is reconnecting…</h1>
<p>It lost touch with the place it keeps questions and replies for a moment. Nothing already saved is lost.</p>
<p>This page opens again by itself as soon as the desk is back, usually within a minute.</p>
<p id="reconnecting-status" role="status"></p>
<p><a href="${again}">Try again now</a></p>
</main>
<script nonce="${escapeHtml(nonce)}">
(function () {
  var tries = 0;
  function check() {
    tries++;
    fetch('/api/ready', { cache: 'no-store' })
      .then(function (r) { return r.json(); })
      .then(function (ready) {
        if (ready && ready.checks && ready.checks.database === 'reachable') location.reload();
        else later();
      })
      .catch(later);
  }
  function later() {
    if (tries === 3) document.getElementById('reconnecting-status').textContent = 'Still reconnecting. This page keeps trying.';
    setTimeout(check, ${wait});
  }
  setTimeout(check, ${wait});
})();
</script>
</body>
</html>
`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
