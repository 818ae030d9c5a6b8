// `thurm agent report`: an agent tells thurm its lifecycle state (public API; see
// agent-reporting.txt, "Report lifecycle state"). Errors are never discarded.
import { AGENT_STATUSES, checkResume, type AgentReportInput } from '../../agent/ownership.js';
import { ThurmError } from '../../errors.js';
import { defineCommand, optString, paneFromCli, paneOption, reqInt, reqString, resolvePane } from '../command.js';

function parseResumeJson(text: unknown): string[] | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(String(text));
  } catch {
    throw new ThurmError('INVALID_ARGUMENT', 'resume-json: not valid JSON');
  }
  return checkResume(value);
}

export const agentReport = defineCommand({
  name: 'agent-report',
  aliases: ['AgentReport'],
  group: 'agent',
  jsonReply: true,
  usage: 'report',
  describe: 'Report an agent\'s lifecycle state for its pane',
  options: {
    ...paneOption,
    agent: { type: 'string', demandOption: true, describe: 'agent kind, kept for the process lifetime' },
    'owner-pid': { type: 'number', demandOption: true, describe: 'PID of the agent process (not of this command)' },
    instance: { type: 'string', demandOption: true, describe: 'unique id made when the agent started' },
    sequence: { type: 'number', demandOption: true, describe: 'starts at 1, increases with every report and release' },
    status: { type: 'string', choices: AGENT_STATUSES, demandOption: true },
    'session-id': { type: 'string', describe: 'the agent\'s session id (omitted: kept)' },
    'resume-json': { type: 'string', describe: 'JSON array: the command that resumes this session' },
    message: { type: 'string', describe: 'status message (omitted: cleared)' },
  },
  request: (argv) => ({
    pane: paneFromCli(argv),
    report: {
      agent: argv.agent, owner_pid: argv['owner-pid'], instance: argv.instance, sequence: argv.sequence,
      status: argv.status, session_id: argv['session-id'], message: argv.message,
      resume_argv: parseResumeJson(argv['resume-json']),
    },
  }),
  parse: (raw) => {
    const r = raw.report;
    if (typeof r !== 'object' || r === null || Array.isArray(r)) throw new ThurmError('INVALID_ARGUMENT', 'report: expected an object');
    const report = r as Record<string, unknown>;
    const input: AgentReportInput = {
      agent: reqString(report, 'agent'),
      ownerPid: reqInt(report, 'owner_pid'),
      instance: reqString(report, 'instance'),
      sequence: reqInt(report, 'sequence'),
      status: reqString(report, 'status') as AgentReportInput['status'],
      sessionId: optString(report, 'session_id', 256),
      message: optString(report, 'message', 2048),
      resume: report.resume_argv === undefined || report.resume_argv === null ? undefined : checkResume(report.resume_argv),
    };
    return { pane: optString(raw, 'pane'), input };
  },
  run: (ctx, a) => {
    ctx.mux.agentReport(resolvePane(ctx, a.pane), a.input);
    return {};
  },
});
