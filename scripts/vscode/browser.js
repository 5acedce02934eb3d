// Debian chromium driven by playwright-core (Playwright's own browser download cannot reach its host here).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { ensureDebianPackages } = require('./apt');
const P = require('./paths');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The Debian package of the browser, unless CHROMIUM_PATH names one. */
const BROWSER_PACKAGES = process.env.CHROMIUM_PATH ? [] : ['chromium'];

async function launchBrowser({ runDir, headless = true } = {}) {
  ensureDebianPackages(BROWSER_PACKAGES, path.join(P.toolsDir, 'apt.log'));
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

module.exports = { launchBrowser, BROWSER_PACKAGES };
