/**
 * Vitest setup: every test process sets its optimizers up from the environment, as the server and the CLI do at
 * their edges (the planner itself never reads it), so `POSTGRES_SANDBOX_URL=... npm test` runs the planner tests
 * against that server.
 */
import { configurePlanners, plannerSettingsFromEnv } from '../packages/planner/src/settings.ts';

configurePlanners(plannerSettingsFromEnv(process.env));
