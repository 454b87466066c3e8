// What the layout tests look for on a screen as drawn (issue 38): a page wider than the window
// (horizontal scroll), and a control whose words do not fit it — a button, input, select,
// textarea, label or stat tile whose content is wider than its box (scrollWidth > clientWidth),
// or that sticks out of a box that clips it. Scroll containers a user can scroll (a wide table's
// frame) are not clipping. Each problem is named by the element's tag, class and words.
import type { Page } from 'playwright-core';

export interface LayoutProblem {
  what: string;
  detail: string;
}

/** The screen's layout problems as it is drawn now. */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  // A string: the tests' own types have no DOM. It runs in the page and returns plain data.
  return page.evaluate(`(() => {
    const out = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      out.push({ what: 'horizontal scroll', detail: doc.scrollWidth + ' px wide in a ' + doc.clientWidth + ' px window' });
    // A table's frame scrolls sideways only where the table cannot fit at all: on these screens
    // every table is meant to fit (its wide columns go on a phone), so a frame that scrolls
    // hides columns (the guild table's leader, cut at the screen's edge).
    for (const f of document.querySelectorAll('.table-scroll')) {
      if (f.getClientRects().length > 0 && f.scrollWidth > f.clientWidth + 1)
        out.push({ what: 'table wider than its frame', detail: (f.getAttribute('aria-label') || 'table') + ': ' + f.scrollWidth + ' px in ' + f.clientWidth });
    }
    const name = (el) => {
      const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
      const words = (el.getAttribute('aria-label') || el.placeholder || el.innerText || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
      return el.tagName.toLowerCase() + cls + (words ? ' "' + words + '"' : '');
    };
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.sr-only');
    const clipper = (el) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        const o = s.overflowX;
        if (o === 'auto' || o === 'scroll') return null;
        if (o === 'hidden' || o === 'clip') return p;
      }
      return null;
    };
    const controls = document.querySelectorAll('td, th, button, input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=hidden]), select, textarea, label, summary, .stat-value, .stat-label, .badge, .chip');
    for (const el of controls) {
      if (!shown(el)) continue;
      if (el.closest('dialog:not([open])')) continue;
      // The width a text needs in the element's font.
      const needs = (text) => {
        const probe = document.createElement('span');
        const s = getComputedStyle(el);
        probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;font:' + s.font + ';letter-spacing:' + s.letterSpacing;
        probe.textContent = text;
        document.body.appendChild(probe);
        const w = probe.getBoundingClientRect().width;
        probe.remove();
        return w;
      };
      const s = getComputedStyle(el);
      const inner = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      // Text inputs scroll their own text by design; their placeholder must fit.
      const typed = el.tagName === 'INPUT' || el.tagName === 'TEXTAREA';
      if (typed) {
        if (el.value === '' && el.placeholder) {
          const need = needs(el.placeholder);
          if (need > inner + 1) out.push({ what: 'clipped placeholder', detail: name(el) + ' needs ' + Math.ceil(need) + ' px, has ' + Math.floor(inner) });
        }
      } else if (el.tagName === 'SELECT') {
        // A select draws its chosen option's words beside its arrow (about 20 px).
        const chosen = el.selectedOptions[0];
        const need = chosen ? needs(chosen.textContent.trim()) : 0;
        if (need > inner - 20 + 1) out.push({ what: 'clipped select', detail: name(el).slice(0, 40) + ' "' + chosen.textContent.trim() + '" needs ' + Math.ceil(need) + ' px, has ' + Math.floor(inner - 20) });
      } else if (el.classList.contains('stat-value') && !/\\s/.test(el.innerText.trim()) && el.innerText.trim().length > 1) {
        // A tile's one word (a version, a name) broken across lines.
        const lines = Math.round(el.getBoundingClientRect().height / (parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2));
        if (lines > 1) out.push({ what: 'word broken in a tile', detail: name(el) + ' on ' + lines + ' lines in ' + el.clientWidth + ' px' });
      } else if (el.tagName === 'LABEL' && el.clientWidth > 0) {
        // A label squeezed to a word a line: more lines than words that fit side by side.
        const lines = Math.round(el.getBoundingClientRect().height / (parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2));
        const all = needs((el.innerText || '').replace(/\\s+/g, ' ').trim());
        if (lines >= 4 && all / lines < el.clientWidth * 2 && el.clientWidth < 160)
          out.push({ what: 'squeezed label', detail: name(el).slice(0, 60) + ' ' + lines + ' lines in ' + el.clientWidth + ' px' });
      } else if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        out.push({ what: 'clipped control', detail: name(el) + ' scrollWidth ' + el.scrollWidth + ' > clientWidth ' + el.clientWidth });
      }
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.left < -1 || r.right > doc.clientWidth + 1)) {
        const framed = (() => { for (let p = el.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll') return true; } return false; })();
        if (!framed) out.push({ what: 'control off screen', detail: name(el) + ' spans ' + Math.round(r.left) + '–' + Math.round(r.right) });
      }
      const c = clipper(el);
      if (c) {
        const b = c.getBoundingClientRect();
        if (r.right > b.right + 1 || r.left < b.left - 1) out.push({ what: 'control cut by its box', detail: name(el) + ' in ' + name(c).slice(0, 60) });
      }
    }
    return out;
  })()`);
}

/** The page's full height in CSS pixels. */
export async function pageHeight(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollHeight');
}
