// What one attached client's terminal can show, from the facts its attach request carries
// (TERM, a truecolor COLORTERM, whether its locale is UTF-8) and the terminfo entry on the
// server machine: colour depth, how lines are drawn, and whether OSC strings are safe to send.
// Without an entry, the TERM name's family decides, erring on plain output.
import type { ColorDepth } from './colors.js';
import { terminfo, type Terminfo } from './terminfo.js';

export interface AttachFacts { term: string; truecolor: boolean; utf8: boolean }

/** `[ui] truecolor`: "auto" believes the client's COLORTERM and terminfo; "on" and "off" force it. */
export type TruecolorSetting = 'auto' | 'on' | 'off';

/** How to draw with the VT100 graphics set: `enable` once at attach, `enter`/`exit` around runs. */
export interface Acs { enable: string; enter: string; exit: string; chars: Map<string, string> }

export interface OuterTerminal {
  term: string;
  colors: ColorDepth;
  /** Text other than ASCII is sent as UTF-8; otherwise as ACS, ASCII look-alikes or `?`. */
  utf8: boolean;
  /** Line drawing when not UTF-8; null: in ASCII. */
  acs: Acs | null;
  /** The terminal parses OSC strings (xterm's titles, OSC 52, OSC 9) rather than printing them. */
  osc: boolean;
  /** OSC 8 links around linked cells. */
  hyperlinks: boolean;
}

/** What today's xterm-256color client with a UTF-8 locale gets: the default for old clients. */
export const DEFAULT_FACTS: AttachFacts = { term: 'xterm-256color', truecolor: false, utf8: true };

/** Families that speak xterm's OSC strings, for a TERM the server has no terminfo entry for. */
const XTERM_LIKE = /^(xterm|tmux|rxvt|alacritty|foot|kitty|wezterm|contour|konsole|gnome|vte|mintty|putty|iterm)/;
/** Families known to take the VT100 graphics set with ESC ( 0. */
const VT_LIKE = /^(xterm|tmux|screen|rxvt|linux|vt[1-5]\d\d|alacritty|foot|kitty|wezterm|contour|konsole|gnome|vte|mintty|putty|iterm|ansi)/;
const TRUECOLOR = 2 ** 24;
/** The VT100 special graphics characters, each its own code in a terminal without acsc to say otherwise. */
const VT100_GRAPHICS = '`afgjklmnopqrstuvwxyz{|}~';

export function outerTerminal(facts: AttachFacts, setting: TruecolorSetting, info: Terminfo | null = terminfo(facts.term)): OuterTerminal {
  const osc = info ? info.bools.has('XT') || info.strings.has('tsl') || info.strings.has('Ms') : XTERM_LIKE.test(facts.term);
  return {
    term: facts.term,
    colors: colorDepth(facts, setting, info),
    utf8: facts.utf8,
    acs: facts.utf8 ? null : acsOf(facts.term, info),
    osc,
    // Terminals that parse OSC strings drop an OSC 8 they do not know, so a link never shows as text.
    hyperlinks: osc || (info?.bools.has('Hls') ?? false),
  };
}

function colorDepth(facts: AttachFacts, setting: TruecolorSetting, info: Terminfo | null): ColorDepth {
  const colors = info ? info.numbers.get('colors') ?? 0 : guessColors(facts.term);
  if (setting === 'on') return 'truecolor';
  if (setting === 'auto') {
    const rgb = info !== null && (info.bools.has('Tc') || info.bools.has('RGB') || info.numbers.has('RGB') || info.strings.has('RGB'));
    if (facts.truecolor || rgb || colors >= TRUECOLOR) return 'truecolor';
  }
  return colors >= 256 ? 256 : colors >= 16 ? 16 : colors >= 8 ? 8 : 0;
}

function guessColors(term: string): number {
  if (/-direct$/.test(term)) return TRUECOLOR;
  if (/256colou?r/.test(term)) return 256;
  if (/(16|88)colou?r/.test(term)) return 16;
  return VT_LIKE.test(term) && !/^vt/.test(term) ? 8 : 0;
}

function acsOf(term: string, info: Terminfo | null): Acs | null {
  if (!info) {
    if (!VT_LIKE.test(term)) return null;
    return { enable: '', enter: '\x1b(0', exit: '\x1b(B', chars: new Map([...VT100_GRAPHICS].map((c) => [c, c])) };
  }
  const acsc = info.strings.get('acsc');
  const enter = info.strings.get('smacs'), exit = info.strings.get('rmacs');
  if (!acsc || !enter || !exit) return null;
  // acsc pairs each VT100 graphics character with the one this terminal wants for it.
  const chars = new Map<string, string>();
  for (let i = 0; i + 1 < acsc.length; i += 2) chars.set(acsc[i], acsc[i + 1]);
  return { enable: info.strings.get('enacs') ?? '', enter, exit, chars };
}

const hex = (name: string) => Buffer.from(name).toString('hex').toUpperCase();

/**
 * XTGETTCAP (xterm's `DCS + q name ST`) for Tc and for RGB, one query each since a terminal
 * answers a list only up to its first unknown name. Asked of terminals that parse such strings
 * (the OSC-capable ones) when nothing else said truecolor; ssh rarely forwards COLORTERM.
 */
export function truecolorQuery(outer: OuterTerminal, setting: TruecolorSetting): string {
  if (setting !== 'auto' || outer.colors === 'truecolor' || !outer.osc) return '';
  return `\x1bP+q${hex('Tc')}\x1b\\\x1bP+q${hex('RGB')}\x1b\\`;
}

/** Whether an XTGETTCAP answer (`DCS 1 + r name[=value];... ST`) grants Tc or RGB. */
export function grantsTruecolor(answer: string): boolean {
  const m = /^\x1bP1\+r([0-9A-Fa-f=;]*)\x1b\\$/.exec(answer);
  return !!m && m[1].split(';').some((cap) => {
    const name = cap.split('=')[0].toUpperCase();
    return name === hex('Tc') || name === hex('RGB');
  });
}
