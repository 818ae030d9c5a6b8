// `thurm agent report`: an agent tells thurm its lifecycle state (public API; see
// agent-reporting.txt, "Report lifecycle state"). Errors are never discarded.
import { AGENT_NAME, AGENT_STATUSES, checkResume, INSTANCE_ID, RESUME_ARGV, SESSION_ID, type AgentReportInput } from '../../agent/ownership.js';
import { ThurmError } from '../../errors.js';
import { field, type Output } from '../../fields.js';
import { WITHOUT_CONTROL } from '../../sanitize.js';
import { defineCommand, paneField, paneFromCli, paneOption, resolvePane } from '../command.js';

function parseResumeJson(text: unknown): string[] | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(String(text));
  } catch {
    throw new ThurmError('INVALID_ARGUMENT', 'resume-json: not valid JSON');
  }
  return checkResume(value, 'resume-json');
}

const REPORT = {
  agent: field.string({ max: 64, pattern: AGENT_NAME, expected: '1-64 of A-Z a-z 0-9 _ . + -' }).describe('agent kind, kept for the process lifetime'),
  owner_pid: field.int({ min: 1 }).describe('PID of the agent process'),
  instance: field.string({ max: 128, pattern: INSTANCE_ID, expected: '1-128 printable ASCII characters, no spaces' }).describe('unique id made when the agent started'),
  sequence: field.int().describe('increases with every report and release of the instance'),
  status: field.enum(AGENT_STATUSES),
  session_id: field.string({ max: 256, pattern: SESSION_ID, expected: '1-256 printable ASCII characters, no spaces' }).describe('omitted: kept').optional(),
  message: field.string({ max: 2048, pattern: WITHOUT_CONTROL, expected: 'text without control characters' }).describe('omitted: cleared').optional(),
  resume_argv: RESUME_ARGV.nullable().optional(),
};

/** A checked report as the ownership rules take it. */
export function reportInput(r: Output<typeof REPORT>): AgentReportInput {
  return {
    agent: r.agent, ownerPid: r.owner_pid, instance: r.instance, sequence: r.sequence, status: r.status,
    sessionId: r.session_id, message: r.message, resume: r.resume_argv ?? undefined,
  };
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
  fields: { pane: paneField, report: field.object(REPORT) },
  result: {},
  run: (ctx, a) => {
    ctx.mux.agentReport(resolvePane(ctx, a.pane), reportInput(a.report));
    return {};
  },
});
