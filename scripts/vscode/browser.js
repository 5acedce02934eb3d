// Debian chromium driven by playwright-core (Playwright's own browser download cannot reach its host here).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { ensureDebianPackages } = require('./apt');
const P = require('./paths');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

async function launchBrowser({ runDir, headless = true } = {}) {
  if (!process.env.CHROMIUM_PATH) ensureDebianPackages(['chromium'], path.join(P.toolsDir, 'apt.log'));
  const { chromium } = require('playwright-core');
  const profile = fs.mkdtempSync(path.join(runDir || os.tmpdir(), 'chromium-'));
  // launch() puts --user-data-dir through its own option; launchPersistentContext is the way to choose it.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless,
    viewport: { width: 1400, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  return context;
}

module.exports = { launchBrowser };
