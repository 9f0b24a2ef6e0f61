/**
 * Splits a page's stylesheet in two: what goes inline in the page (the rules its markup uses, as
 * Beasties found them: scripts/lib/critical-css.ts) and what the page fetches after its first
 * paint (the rest, for what the app renders later: src/inline/app-loader.ts). Together they are
 * the whole sheet, and the late one holds nothing that is inline already: when the whole sheet came
 * late, its arrival restyled the whole document (it registered every `@property` again and matched
 * every rule again), a task of 20 ms in a trace at 1x, a long one at a phone's 4x
 * (docs/performance.md, "Issue 47: a late sheet of only what is missing").
 *
 * The page holds the inline sheet first and the late one after it, where the whole sheet held
 * their rules interleaved. So that the late sheet cannot turn a result around, an inline rule that
 * competes with an earlier late rule of its cascade layer (scripts/lib/css-cascade.ts) comes again
 * in the late sheet, in its place, narrowed with `:where()` to the elements that late rule can
 * match: every pair that could compete keeps the whole sheet's order, and the late sheet's
 * arrival restyles only elements the page does not have yet. A rule that may match any element
 * never comes late (its arrival would restyle every element): it goes inline, with the late rules
 * it competes with. Cascade layers keep their order: the inline sheet names every layer first,
 * as the whole sheet does.
 */
import postcss, { type AtRule, type Container, type Root, type Rule } from 'postcss';
import { canMatchTogether, longhands, shareLonghand, subjectOf, type Subject } from './css-cascade';

export interface SplitCss {
  /** The rules for the page's <style>, in the whole sheet's order. */
  inline: string;
  /** The rest, for the stylesheet the page adds after its first paint ('' when nothing is left). */
  late: string;
}

/** One style rule of the whole sheet, and where its selectors go. */
interface Part {
  layer: string;
  longhands: Set<string>;
  selectors: string[];
  /** The selectors inline (Beasties kept them, or the rule was brought in whole). */
  inline: string[];
  /** The selectors only the late sheet has. */
  late: string[];
  /**
   * When the late sheet repeats the inline selectors too, in the rule's place: for the elements
   * that have one of these keys (a late rule's type, classes, ids, attributes), or for every
   * element when one is '' (a late rule that names none of them).
   */
  copiedFor: Set<string> | undefined;
}

/**
 * `full` is the whole stylesheet; `critical` what Beasties kept of it for one page (its rules as
 * they are in `full`, save that a selector list keeps only the selectors that match).
 */
export function splitCss(full: string, critical: string): SplitCss {
  const kept = keptParts(critical);
  const inlineSheet = postcss.parse(full);
  const lateSheet = inlineSheet.clone();
  const inlineUnits = units(inlineSheet);
  const lateUnits = units(lateSheet);
  const parts: Part[] = []; // by unit, style rules only
  // @property, @keyframes and the like are named, not ordered against rules; but of two with one
  // name the later wins, so a name the sheet gives twice stays inline.
  const names = inlineUnits.flatMap((unit) => (unit.type === 'rule' ? [] : [atRuleName(unit)]));
  const named = (unit: AtRule) => names.filter((name) => name === atRuleName(unit)).length;
  inlineUnits.forEach((unit, at) => {
    if (unit.type !== 'rule') {
      if (kept.units.has(unitKey(unit)) || named(unit) > 1) lateUnits[at]!.remove();
      else unit.remove();
      return;
    }
    const selectors = unit.selectors;
    const keptSelectors = kept.selectors.get(bodyKey(unit)) ?? new Set<string>();
    const isKept = (selector: string) => keptSelectors.has(squeeze(selector));
    // `:host` matches in a shadow tree's own styles only, never from the document's sheets.
    const late = selectors.filter((s) => !isKept(s) && !HOST_ONLY.test(s));
    // A late rule that may match any element makes the browser restyle every one when it
    // arrives (`::backdrop` did, in Chromium's traces): it goes inline.
    const anyElement = late.some((selector) => !subject(selector).keyed);
    parts[at] = {
      layer: layerOf(unit),
      longhands: new Set(unit.nodes.flatMap((n) => (n.type === 'decl' ? longhands(n.prop) : []))),
      selectors,
      inline: anyElement ? selectors : selectors.filter(isKept),
      late: anyElement ? [] : late,
      copiedFor: undefined,
    };
  });
  keepOrder(parts.filter((part) => part !== undefined));
  parts.forEach((part, at) => {
    const inline = inlineUnits[at] as Rule;
    const late = lateUnits[at] as Rule;
    if (part.inline.length > 0) inline.selectors = part.inline;
    else inline.remove();
    // A copy is a rule of its own beside the late selectors: a selector the browser cannot
    // read drops the whole rule it is in.
    const copy = copies(part);
    if (copy.length > 0) late.after(late.clone({ selectors: copy }));
    if (part.late.length > 0) late.selectors = part.late;
    else late.remove();
  });
  dropEmpty(inlineSheet);
  dropEmpty(lateSheet);
  const layers = layerOrder(postcss.parse(full));
  const order = layers.length > 0 ? `@layer ${layers.join(',')};` : '';
  const late = lateSheet.toString().trim();
  return {
    inline: order + inlineSheet.toString().trim(),
    late: lateSheet.nodes.some((node) => node.type !== 'atrule' || node.nodes !== undefined)
      ? late
      : '',
  };
}

/**
 * A copied part's selectors for the late sheet: each inline selector, narrowed with `:where()` to
 * the elements with one of the keys (no specificity added). Chromium then restyles, when the late
 * sheet arrives, only elements with those keys: late rules' keys, which no element of the page
 * has yet. Narrowed or not, a copy applies the same declarations the inline rule does.
 */
function copies(part: Part): string[] {
  if (!part.copiedFor) return [];
  if (part.copiedFor.has('')) return part.inline;
  const keys = `:where(${[...part.copiedFor].join(',')})`;
  return part.inline.map((selector) => {
    const at = subject(selector).pseudoElementAt;
    return `${selector.slice(0, at)}${keys}${selector.slice(at)}`;
  });
}

/** The selectors a part has in the late sheet (a copy counts), and the keys they narrow to. */
function lateSide(part: Part): { selectors: string[]; keys: Set<string> } {
  const keys = new Set(part.late.map((selector) => subject(selector).key));
  for (const key of part.copiedFor ?? []) keys.add(key);
  return { selectors: part.copiedFor ? part.selectors : part.late, keys };
}

/** Whether rules with these longhands and selectors can compete (scripts/lib/css-cascade.ts). */
function compete(a: Part, aSelectors: string[], b: Part, bSelectors: string[]): boolean {
  if (aSelectors.length === 0 || bSelectors.length === 0) return false;
  if (a.layer !== b.layer || !shareLonghand(a.longhands, b.longhands)) return false;
  return aSelectors.some((a) => bSelectors.some((b) => canMatchTogether(subject(a), subject(b))));
}

/**
 * Makes sure no rule the late sheet has comes, in the whole sheet, before an inline rule it
 * competes with. Each such inline rule is copied into the late sheet, in its place, for the
 * elements the late rules it competes with may match (see `copies`); a rule that may match any
 * element is not copied (its arrival would restyle every element): the late rules it competes
 * with come inline instead, and so on back through the rules they compete with.
 */
function keepOrder(parts: Part[]): void {
  const competitorsOf = (part: Part, before: number, selectors: string[]) =>
    parts
      .slice(0, before)
      .filter((earlier) => compete(earlier, lateSide(earlier).selectors, part, selectors));
  const pull = (part: Part) => {
    const wasLate = lateSide(part).selectors;
    part.inline = part.selectors;
    part.late = [];
    part.copiedFor = undefined;
    if (wasLate.length === 0) return;
    for (const earlier of competitorsOf(part, parts.indexOf(part), part.inline)) pull(earlier);
  };
  parts.forEach((part, index) => {
    const competitors = competitorsOf(part, index, part.inline);
    if (competitors.length === 0) return;
    if (part.inline.every((selector) => subject(selector).keyed)) {
      part.copiedFor = new Set(competitors.flatMap((earlier) => [...lateSide(earlier).keys]));
    } else for (const competitor of competitors) pull(competitor);
  });
  // What the order rests on, checked whatever the steps above did: no late rule comes before an
  // inline rule it competes with, unless that rule is copied for every key the late one has.
  parts.forEach((part, index) => {
    for (const competitor of competitorsOf(part, index, part.inline)) {
      const keys = lateSide(competitor).keys;
      const covered =
        part.copiedFor !== undefined &&
        (part.copiedFor.has('') || [...keys].every((key) => part.copiedFor!.has(key)));
      if (!covered) {
        throw new Error(
          `css-split: ${competitor.selectors.join(',')} would come after ${part.selectors.join(',')}`,
        );
      }
    }
  });
}

/** `subjectOf`, each selector read once (the order's checks ask of each many times). */
const readSubjects = new Map<string, Subject>();
function subject(selector: string): Subject {
  let found = readSubjects.get(selector);
  if (!found) readSubjects.set(selector, (found = subjectOf(selector)));
  return found;
}

const HOST_ONLY = /^\s*:host(-context)?(\([^)]*\))?\s*$/;

/** What Beasties kept: self-contained at-rules by their text, rules' selectors by their body. */
function keptParts(critical: string) {
  const parts = { units: new Set<string>(), selectors: new Map<string, Set<string>>() };
  for (const node of units(postcss.parse(critical))) {
    if (node.type !== 'rule') parts.units.add(unitKey(node));
    else {
      const key = bodyKey(node);
      const selectors = parts.selectors.get(key) ?? new Set<string>();
      for (const selector of node.selectors) selectors.add(squeeze(selector));
      parts.selectors.set(key, selectors);
    }
  }
  return parts;
}

/** At-rules that hold rules (the rest, with or without a body, are one unit each). */
const CONTAINERS = new Set(['layer', 'media', 'supports', 'container', 'scope', 'starting-style']);

/** The style rules and self-contained at-rules of a sheet, in order. */
function units(root: Root): (Rule | AtRule)[] {
  const found: (Rule | AtRule)[] = [];
  const visit = (container: Container) =>
    container.each((node) => {
      if (node.type === 'rule') found.push(node);
      else if (node.type === 'atrule' && node.nodes !== undefined) {
        if (CONTAINERS.has(node.name.toLowerCase())) visit(node);
        else found.push(node);
      } // (a layer statement, `@layer a,b;`, has no body: it stays where it is)
    });
  visit(root);
  return found;
}

/** Drops the containers left empty, and comments. */
function dropEmpty(sheet: Root): void {
  sheet.walkComments((comment) => void comment.remove());
  let emptied = true;
  while (emptied) {
    emptied = false;
    sheet.walkAtRules((rule) => {
      if (rule.nodes !== undefined && rule.nodes.length === 0) {
        rule.remove();
        emptied = true;
      }
    });
  }
}

/** Every cascade layer's name, in the order the sheet first names them. */
function layerOrder(sheet: Root): string[] {
  const names: string[] = [];
  sheet.walkAtRules('layer', (rule) => {
    const prefix = ancestors(rule)
      .filter((a) => a.name.toLowerCase() === 'layer')
      .map((a) => `${a.params.trim()}.`)
      .join('');
    for (const name of rule.params
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)) {
      if (!names.includes(prefix + name)) names.push(prefix + name);
    }
  });
  return names;
}

function ancestors(node: Rule | AtRule): AtRule[] {
  const found: AtRule[] = [];
  for (let parent = node.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
    found.unshift(parent as AtRule);
  }
  return found;
}

const squeeze = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\s*([,:;{}>~+()])\s*/g, '$1')
    .trim();

const context = (node: Rule | AtRule) =>
  ancestors(node)
    .map((a) => `@${a.name} ${squeeze(a.params)}`)
    .join('|');

/** A self-contained at-rule with the at-rules around it, spacing aside. */
const unitKey = (node: Rule | AtRule) => `${context(node)}|${squeeze(node.toString())}`;

/** A rule's at-rules around it and its declarations, spacing aside. */
const bodyKey = (rule: Rule) =>
  `${context(rule)}|${rule.nodes.map((node) => squeeze(node.toString())).join(';')}`;

/**
 * The cascade layer a rule is in ('' when none). An unnamed layer cannot be split: its two halves
 * would be two layers, the late one after every other.
 */
function layerOf(rule: Rule): string {
  const layers = ancestors(rule).filter((a) => a.name.toLowerCase() === 'layer');
  if (layers.some((a) => a.params.trim() === '')) {
    throw new Error(`css-split: ${rule.selector} is in an unnamed cascade layer; name the layer`);
  }
  return layers.map((a) => a.params.trim()).join('.');
}

/** What names an at-rule (`@keyframes spin`): its kind and name. */
const atRuleName = (node: AtRule) => `@${node.name} ${squeeze(node.params)}`;
