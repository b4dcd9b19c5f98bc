/** Order notifications on this device: the card offered after an order, the setting in Settings, and what the service worker says about an order queued offline. */
export default {
  askTitle: 'Follow this order?',
  askBody: 'We can send a notification to this device when your order is confirmed, shipped and delivered.',
  askDeviceTitle: 'Notify this device too?',
  askDeviceBody: 'This device does not show order notifications yet. Your browser will ask you to allow them.',
  yes: 'Yes, notify me',
  notNow: 'Not now',
  subscribing: 'Turning on...',
  subscribed: 'Notifications are on for this device',
  blocked: 'Notifications are blocked for this shop in your browser settings.',
  failed: 'Notifications could not be turned on. Please try again.',
  settingLabel: 'Order notifications',
  settingHint: 'A notification on your devices when an order is confirmed, shipped or delivered.',
  settingOn: 'Order notifications are on',
  settingOff: 'Order notifications are off',
  settingFailed: 'The setting could not be saved. Please try again.',
  queuedPlacedTitle: 'Order #{number} placed',
  queuedPlacedBody: 'Your order went through when you were back online. Tap to see it.',
  queuedPlacedPayBody: 'Your order went through when you were back online. Pay within 30 minutes to complete it.',
  queuedRefusedTitle: 'Your order could not be placed',
  // {reason}: the server's own words, in English.
  queuedRefusedBody: '{reason}',
};
