// How soon the web view shows a blocked pane's question (issue 23): a session's pane reports
// blocked over OSC 7501; the clock runs from the server's status-changed event, read by the bench
// over the socket, to the page in a headless Chromium (Debian's, driven by playwright-core)
// showing the question.
import path from 'node:path';
import { Connection } from '../lib/cli/connection.js';
import { socketPath } from '../lib/server/socket-path.js';
import { CHROMIUM_READY, launchChromium } from '../spec/helpers/chromium.js';
import { statusReport } from '../spec/helpers/status-report.js';
import { run } from './env.js';
import type { Figures } from './rounds.js';
import { latency } from './stats.js';
import type { Subject } from './subjects.js';

const BIN = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'bin', 'thurm');


/** The question's delay to the page, p50 and p99 over `reports` blocked reports. */
export async function webReport(local: Subject, reports: number): Promise<{ figures: Figures; notes: Record<string, string> }> {
  if (!CHROMIUM_READY) return { figures: {}, notes: { webReportP50: 'not measured: Debian\'s chromium is not installed' } };
  await local.start(['sh']);
  const browser = await launchChromium();
  const events = await Connection.open(socketPath('default'));
  try {
    const web = await run(process.execPath, [BIN, 'web', '--port', '0']);
    if (web.code !== 0) throw new Error(`thurm web: ${web.stderr}`);
    const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await page.goto(web.stdout.trim());
    await page.getByText('No pane has a status.').waitFor();
    let reportedAt = 0;
    let waiting = '';
    events.ws.on('message', (data) => {
      const e = (JSON.parse(data.toString()) as { event?: { status?: { state: string; text: string } } }).event;
      if (e?.status?.state === 'blocked' && e.status.text === waiting) reportedAt = performance.now();
    });
    await events.request('subscribe', { types: ['status-changed'] });
    const delays: number[] = [];
    for (let i = 0; i < reports; i++) {
      waiting = `question-${i}`;
      reportedAt = 0;
      await run(process.execPath, [BIN, 'send', '--pane', '1', '--enter', `${statusReport('blocked', waiting)}; sleep 0.3; ${statusReport('working', 'next')}`]);
      await page.getByText(waiting).waitFor();
      const shownAt = performance.now();
      if (reportedAt) delays.push(shownAt - reportedAt);
      await page.getByText('working · agent').waitFor();
    }
    const l = latency(delays);
    return { figures: { webReportP50: l.p50, webReportP99: l.p99 }, notes: {} };
  } finally {
    events.close();
    await browser.close();
    await local.stop();
  }
}
