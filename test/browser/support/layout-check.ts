/**
 * A layout check run inside a page: what a person would see as broken at the page's width, in words a failure
 * message can carry.
 *
 * 1. **Spills**: an element whose border box reaches past the box it sits in. The box it must stay in is its nearest
 *    *card*: an ancestor that draws a box of its own (a background, a border or a shadow), or the page itself
 *    (nothing may reach past the viewport's width, so the page never scrolls sideways). What a scrolling region holds
 *    (`overflow: auto | scroll` on that axis, e.g. a wide table in its wrapper) is allowed to be wider than it: the
 *    region is then checked as a whole against its own card. What a clipping ancestor holds (`overflow: hidden |
 *    clip`) cannot spill visibly; it is reported as cut off instead (2). An absolutely placed element is held by its
 *    containing block (a menu may hang over the cards between), a fixed one, a dialog and a popover by the viewport.
 * 2. **Cut-off content**: an element that clips (`overflow: hidden | clip`, or `text-overflow: ellipsis`) whose
 *    content is wider (or taller) than it: "Stablefor…", a tab cut to "Leader…", rows cut at the bottom of a TV.
 * 3. **Cut-off choices**: a `<select>` narrower than its own selected option's text (plus its arrow), measured by a
 *    copy of the select at its natural width beside it.
 *
 * Not checked: elements not rendered or not visible (no box, `visibility: hidden`, `opacity: 0`, inside a closed
 * `<details>`), visually hidden text for screen readers (`clip`/`clip-path`, or 1 px or less), an element placed
 * wholly off the page on purpose (a skip link until it has focus), inline SVG's inner shapes, and whatever sits
 * inside an element marked `data-layout-ok="<why>"`: the opt-out for a deliberate overhang, which must say why.
 *
 * Tolerance: 1 px (sub-pixel rounding of fractional widths).
 */
import type { Page } from 'playwright-core';

export interface LayoutProblem {
  kind: 'spill' | 'cut' | 'select';
  /** A CSS-like path to the element, e.g. `main#main > section.card:nth-of-type(2) > ul.groups > li`. */
  path: string;
  /** The start of its text. */
  text: string;
  /** Sizes in CSS px: what it needs against what it has. */
  detail: string;
}

/** Checks the page as it is now; answers the problems found (at most `limit`, outermost offenders first). */
export async function layoutProblems(page: Page, limit = 40): Promise<LayoutProblem[]> {
  // A string, not a function: the test's transform may wrap named inner functions in a helper the page lacks.
  return (await page.evaluate(`(${CHECK})(${limit})`)) as LayoutProblem[];
}

/** One line per problem, for a failure message. */
export function describeProblems(problems: readonly LayoutProblem[]): string[] {
  return problems.map((p) => `${p.kind}: ${p.path} "${p.text}" — ${p.detail}`);
}

const CHECK = String.raw`function (limit) {
  var TOL = 1;
  var problems = [];
  var vw = document.documentElement.clientWidth;
  var skipTags = { SCRIPT: 1, STYLE: 1, TEMPLATE: 1, NOSCRIPT: 1, BR: 1, WBR: 1, OPTION: 1, OPTGROUP: 1, HEAD: 1, LINK: 1, META: 1, TITLE: 1 };

  function text(el) {
    var t = (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim();
    if (!t && el.tagName === 'SELECT' && el.selectedIndex >= 0) t = el.options[el.selectedIndex].text;
    if (!t) t = el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.value || '';
    return t.length > 70 ? t.slice(0, 69) + '…' : t;
  }
  function step(el) {
    var s = el.tagName.toLowerCase();
    if (el.id) return s + '#' + el.id;
    var cls = (typeof el.className === 'string' ? el.className : '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
    if (cls.length) s += '.' + cls.join('.');
    var p = el.parentElement;
    if (p) {
      var same = Array.prototype.filter.call(p.children, function (c) { return c.tagName === el.tagName; });
      if (same.length > 1) s += ':nth-of-type(' + (same.indexOf(el) + 1) + ')';
    }
    return s;
  }
  function path(el) {
    var parts = [];
    for (var e = el; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      parts.unshift(step(e));
      if (e.id) break;
    }
    return parts.join(' > ') || el.tagName.toLowerCase();
  }
  function px(n) { return Math.round(n * 10) / 10; }
  function add(kind, el, detail) {
    if (problems.length < limit) problems.push({ kind: kind, path: path(el), text: text(el), detail: detail });
  }
  function transparent(c) { return !c || c === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(c); }
  function drawsBox(cs) {
    if (!transparent(cs.backgroundColor) || cs.backgroundImage !== 'none') return true;
    if (cs.boxShadow && cs.boxShadow !== 'none') return true;
    var sides = ['Top', 'Right', 'Bottom', 'Left'];
    var n = 0;
    for (var i = 0; i < 4; i++) {
      var w = parseFloat(cs['border' + sides[i] + 'Width']);
      if (w > 0 && cs['border' + sides[i] + 'Style'] !== 'none' && !transparent(cs['border' + sides[i] + 'Color'])) n++;
    }
    // A box, not a rule: a line under a heading or between rows does not make a card.
    return n >= 2;
  }
  function srOnly(el, cs, r) {
    return (cs.clip && cs.clip !== 'auto') || (cs.clipPath && cs.clipPath !== 'none') || (r.width <= 1 && r.height <= 1) || (cs.position === 'absolute' && (r.width <= 1 || r.height <= 1));
  }

  // A constraint for one axis: the box (viewport coordinates) an element must stay in, and whose it is.
  // kind 'card' is checked; 'clip' and 'scroll' hold their content without a spill being reported.
  var viewport = {
    x: { lo: 0, hi: vw, el: null, kind: 'page', name: 'the page (' + vw + ' px wide)' },
    y: { lo: -Infinity, hi: Infinity, el: null, kind: 'page', name: 'the page' },
  };

  // What each element's children are held by, so an absolutely placed child can use its containing block's.
  var held = new Map();

  function spillCheck(el, r, c) {
    var over = [];
    if (c.x.kind === 'card' || c.x.kind === 'page') {
      if (r.left < c.x.lo - TOL) over.push(px(c.x.lo - r.left) + ' px past the left');
      if (r.right > c.x.hi + TOL) over.push(px(r.right - c.x.hi) + ' px past the right');
    }
    if (c.y.kind === 'card') {
      if (r.top < c.y.lo - TOL) over.push(px(c.y.lo - r.top) + ' px past the top');
      if (r.bottom > c.y.hi + TOL) over.push(px(r.bottom - c.y.hi) + ' px past the bottom');
    }
    return over;
  }

  function containerOf(el, cs, inherited) {
    if (cs.position === 'fixed' || el.tagName === 'DIALOG' || el.hasAttribute('popover')) return viewport;
    if (cs.position === 'absolute') {
      for (var a = el.parentElement; a; a = a.parentElement) {
        var acs = getComputedStyle(a);
        if (acs.position !== 'static' || acs.transform !== 'none' || a === document.body) return held.get(a) || viewport;
      }
      return viewport;
    }
    return inherited;
  }

  function axis(cs, which) { return which === 'x' ? cs.overflowX : cs.overflowY; }

  function walk(el, inherited, reportedAbove) {
    if (skipTags[el.tagName]) return;
    if (el.hasAttribute('data-layout-ok')) return;
    var cs = getComputedStyle(el);
    if (cs.display === 'none') return;
    if (el.namespaceURI === 'http://www.w3.org/2000/svg' && el.tagName.toLowerCase() !== 'svg') return;
    var r = el.getBoundingClientRect();
    if (srOnly(el, cs, r)) return;
    // Not rendered for a person: inside a closed <details>, hidden, transparent.
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.tagName !== 'HTML') return;
    // Moved off the page on purpose (a skip link until it has focus): wholly outside it, placed absolutely.
    if ((cs.position === 'absolute' || cs.position === 'fixed') && (r.right <= 0 || r.left >= vw || r.bottom <= 0)) return;
    var shown = cs.visibility !== 'hidden' && parseFloat(cs.opacity) > 0 && (r.width > 0 || r.height > 0);
    if (parseFloat(cs.opacity) === 0) return;
    var c = containerOf(el, cs, inherited);
    var reported = reportedAbove;
    if (shown && !reportedAbove) {
      var over = spillCheck(el, r, c);
      if (over.length) {
        var box = c.x.el && (c.x.kind === 'card') ? c.x : c.y;
        add('spill', el, over.join(', ') + ' of ' + (box.el ? path(box.el) : box.name) + ' (' + px(r.width) + '×' + px(r.height) + ' px at ' + px(r.left) + ',' + px(r.top) + ')');
        reported = true;
      }
    }

    var isRoot = el === document.documentElement || el === document.body;
    var ellipsis = cs.textOverflow === 'ellipsis';
    var clipX = /hidden|clip/.test(cs.overflowX) || (ellipsis && cs.overflowX !== 'visible');
    var clipY = /hidden|clip/.test(cs.overflowY) || cs.webkitLineClamp !== 'none' && cs.webkitLineClamp !== undefined && cs.webkitLineClamp !== '';
    // 2. Cut-off content of a clipping element.
    if (shown && el.tagName !== 'SELECT' && el.tagName !== 'INPUT' && el.tagName !== 'TEXTAREA' && el.tagName !== 'IMG' && el.tagName.toLowerCase() !== 'svg') {
      var cut = [];
      if ((clipX || ellipsis) && el.scrollWidth > el.clientWidth + TOL) cut.push('needs ' + el.scrollWidth + ' px wide, has ' + el.clientWidth);
      if (clipY && el.scrollHeight > el.clientHeight + TOL + 1) cut.push('needs ' + el.scrollHeight + ' px high, has ' + el.clientHeight);
      if (cut.length) {
        add('cut', el, 'content cut off: ' + cut.join('; '));
      }
    }
    // 3. A select narrower than its chosen option.
    if (shown && el.tagName === 'SELECT' && !el.multiple && el.size <= 1 && el.selectedIndex >= 0) {
      var copy = el.cloneNode(false);
      copy.removeAttribute('id');
      copy.removeAttribute('name');
      copy.setAttribute('aria-hidden', 'true');
      copy.tabIndex = -1;
      var o = document.createElement('option');
      o.text = el.options[el.selectedIndex].text;
      copy.appendChild(o);
      var st = copy.style;
      ['width', 'min-width', 'max-width', 'flex', 'flex-basis', 'grid-area'].forEach(function (p) { st.setProperty(p, p === 'flex' ? 'none' : p === 'grid-area' ? 'auto' : p === 'max-width' ? 'none' : p === 'min-width' ? '0' : 'auto', 'important'); });
      st.setProperty('position', 'absolute', 'important');
      st.setProperty('visibility', 'hidden', 'important');
      st.setProperty('left', '0', 'important');
      st.setProperty('top', '0', 'important');
      el.parentNode.insertBefore(copy, el);
      var need = copy.getBoundingClientRect().width;
      copy.remove();
      if (need > r.width + TOL) add('select', el, 'the choice "' + el.options[el.selectedIndex].text + '" needs ' + px(need) + ' px, the select is ' + px(r.width));
    }

    // What the children are held by.
    var next = { x: c.x, y: c.y };
    if (isRoot) {
      // Overflow on the root and the body is the page's: the viewport clips or scrolls.
      if (/hidden|clip/.test(cs.overflowY)) next.y = { lo: -Infinity, hi: Infinity, el: el, kind: 'clip' };
    } else {
      var inner = { lo: r.left + el.clientLeft, hi: r.left + el.clientLeft + el.clientWidth };
      var innerY = { lo: r.top + el.clientTop, hi: r.top + el.clientTop + el.clientHeight };
      var ox = axis(cs, 'x'), oy = axis(cs, 'y');
      if (/auto|scroll/.test(ox)) next.x = { lo: -Infinity, hi: Infinity, el: el, kind: 'scroll' };
      else if (/hidden|clip/.test(ox) || ellipsis) next.x = { lo: inner.lo, hi: inner.hi, el: el, kind: 'clip' };
      else if (drawsBox(cs) && el.tagName !== 'svg') next.x = { lo: r.left, hi: r.right, el: el, kind: 'card' };
      if (/auto|scroll/.test(oy)) next.y = { lo: -Infinity, hi: Infinity, el: el, kind: 'scroll' };
      else if (/hidden|clip/.test(oy)) next.y = { lo: innerY.lo, hi: innerY.hi, el: el, kind: 'clip' };
      else if (drawsBox(cs) && el.tagName !== 'svg') next.y = { lo: r.top, hi: r.bottom, el: el, kind: 'card' };
    }
    held.set(el, next);
    if (el.tagName === 'SELECT' || el.tagName.toLowerCase() === 'svg') return;
    var kids = el.children;
    for (var i = 0; i < kids.length; i++) walk(kids[i], next, reported && !(next.x.el === el || next.y.el === el) ? true : false);
  }

  walk(document.documentElement, viewport, false);
  if (document.documentElement.scrollWidth > vw + TOL && problems.length === 0) {
    // Something the walk let through (in a region that scrolls but does not hold it): name the outermost elements past the right edge.
    var named = 0;
    var held = function (e) {
      // Inside a region that scrolls or clips and stays on the page, and placed in the flow: that region holds it.
      var free = /absolute|fixed/.test(getComputedStyle(e).position);
      for (var a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        var acs = getComputedStyle(a);
        if (free && acs.position !== 'static') free = /absolute|fixed/.test(acs.position);
        if (!free && acs.overflowX !== 'visible' && a.getBoundingClientRect().right <= vw + TOL) return true;
      }
      return false;
    };
    Array.prototype.forEach.call(document.body.querySelectorAll('*'), function (e) {
      var er = e.getBoundingClientRect();
      var pr = e.parentElement ? e.parentElement.getBoundingClientRect() : null;
      if (named < 5 && er.width > 0 && er.right > vw + TOL && (!pr || pr.right <= vw + TOL || /absolute|fixed/.test(getComputedStyle(e).position)) && !held(e)) {
        named++;
        add('spill', e, 'reaches ' + px(er.right - vw) + ' px past the right of the page (' + px(er.width) + ' px wide)');
      }
    });
    if (named === 0) add('spill', document.documentElement, 'the page scrolls sideways: ' + document.documentElement.scrollWidth + ' px of content in ' + vw + ' px');
  }
  return problems;
}`;
