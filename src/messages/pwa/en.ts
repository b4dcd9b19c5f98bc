/** Installing haat and updating it: the install button, the iOS hint and the update toast. */
export default {
  installApp: 'Install app',
  installHaat: 'Install haat',
  iosHint: 'Install haat:',
  iosSteps: 'Share → Add to Home Screen',
  dismissHint: 'Dismiss install hint',
  updateReady: 'A new version of haat is ready.',
  reloadToUpdate: 'Reload to update',
};
