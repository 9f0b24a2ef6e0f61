// `npm run agent:push`: creates the assistant of agent/assistant.ts on Vapi, or updates it
// (VAPI_ASSISTANT_ID, else the one of its name), and prints its id; the variables from the shell
// or .env. Exit 0 done, 1 Vapi refused or did not answer, 2 nothing sent (a variable missing).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentEnvironment, pushAssistant } from './lib/assistant-sync';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const { code, lines } = await pushAssistant(agentEnvironment(root));
for (const line of lines) (code === 0 ? console.log : console.error)(line);
process.exit(code);
