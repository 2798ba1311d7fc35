import { test } from '@playwright/test';
import { SERVERS_OF, storeOf } from '../../../playwright.config';

/** The servers of the running journey's store (its project's: playwright.config.ts). */
export const servers = () => SERVERS_OF[storeOf(test.info().project.name)];
