// The server and the browser an end-to-end test file shares among its tests: started before the
// first test, stopped after the last. The tests read them from the returned object; `setup(env)`
// runs once both are up (in the same hook: node's root hooks need not run in order).
import { before, after } from 'node:test';
import { launchBrowser, startServer } from './harness.mjs';

export function serverAndBrowser(options, setup = async () => {}) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(options);
    env.browser = await launchBrowser();
    await setup(env);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
