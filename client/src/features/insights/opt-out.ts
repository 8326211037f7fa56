interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** The visitor's browser asks not to be tracked: Do Not Track or Global Privacy Control is on. */
export function optedOut(): boolean {
  const browser = navigator as Navigator & PrivacySignals;
  const legacy = (window as Window & { doNotTrack?: string }).doNotTrack;
  return browser.doNotTrack === "1" || legacy === "1" || browser.globalPrivacyControl === true;
}
