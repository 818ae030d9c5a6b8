// Times as C's strftime() writes them, for the codes thurm's texts use: the status line's ends
// (status-left/right), prefix i, the message log, the clock and tmux's #{t:...} formats.

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** strftime's common codes, in local time: %H %M %S %d %e %m %y %Y %a %b %I %p %%; others stay as they are. */
export function strftime(text: string, at: Date): string {
  const codes: Record<string, () => string> = {
    H: () => two(at.getHours()), M: () => two(at.getMinutes()), S: () => two(at.getSeconds()),
    d: () => two(at.getDate()), e: () => String(at.getDate()).padStart(2, ' '), m: () => two(at.getMonth() + 1),
    y: () => two(at.getFullYear() % 100), Y: () => String(at.getFullYear()), a: () => DAYS[at.getDay()], b: () => MONTHS[at.getMonth()],
    I: () => two(((at.getHours() + 11) % 12) + 1), p: () => (at.getHours() < 12 ? 'AM' : 'PM'), '%': () => '%',
  };
  return text.replace(/%(.)/g, (code, c: string) => codes[c]?.() ?? code);
}
