(selectors) => {
  const out = [];
  for (const sel of selectors) {
    for (const parent of document.querySelectorAll(sel)) {
      const kids = Array.from(parent.children).map(k => [k, k.getBoundingClientRect()])
        .filter(([, r]) => r.width > 0 && r.height > 0);
      for (let i = 0; i < kids.length; i++) {
        for (let j = i + 1; j < kids.length; j++) {
          const a = kids[i][1], b = kids[j][1];
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
            out.push(kids[i][0].textContent.slice(0, 30) + " / " + kids[j][0].textContent.slice(0, 30));
        }
      }
    }
  }
  return out;
}
