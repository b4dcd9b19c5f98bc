/** The error screen: a page that could not be shown, and what the shopper can do about it. */
export default {
  pageTitle: 'Something went wrong',
  title: 'Something went wrong',
  serverExplanation: 'This page could not be loaded because of a problem on our side. Please try again in a moment.',
  networkExplanation: 'This page could not be loaded: haat could not be reached. Check your connection and try again.',
  otherExplanation: 'This page stopped working. Please try again.',
  newVersionExplanation: 'A new version of haat is out and this page could not load its part of it. Reload to get the new version.',
  kept: 'Your cart and anything waiting to be sent are kept.',
  tryAgain: 'Try again',
  reload: 'Reload',
  goHome: 'Go home',
  requestId: (id: string) => `Reference for support: ${id}`,
};
