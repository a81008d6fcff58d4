// The tab's icon counts the games waiting on the player (issue 33, "my
// games"), as the title does: a tab among many, or pinned with no title
// shown, still says "3 games wait on you". The icon is the page's own
// (index.html), with a red badge and the count drawn over its corner;
// no game waiting gives the plain icon back.

let plain = "";

/** badgeIcon is the page's icon with the count n in a badge. */
function badgeIcon(n: number): string {
  const label = n > 9 ? "9+" : String(n);
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>` +
    `<rect width='16' height='16' rx='3' fill='#1d3f8f'/>` +
    `<circle cx='5' cy='5' r='1.6' fill='white'/><circle cx='5' cy='11' r='1.6' fill='white'/>` +
    `<circle cx='11' cy='11' r='5' fill='#c62828' stroke='white' stroke-width='1'/>` +
    `<text x='11' y='13.6' font-size='${label.length > 1 ? 6 : 7.5}' font-family='sans-serif' font-weight='bold' fill='white' text-anchor='middle'>${label}</text></svg>`;
  return "data:image/svg+xml," + encodeURIComponent(svg);
}

/** setIconCount shows n waiting games on the tab's icon. */
export function setIconCount(n: number): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  if (!plain) plain = link.href;
  const href = n > 0 ? badgeIcon(n) : plain;
  if (link.href !== href) link.href = href;
  link.dataset.count = String(Math.max(0, n));
}
