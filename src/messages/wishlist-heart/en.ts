/** The heart on product cards and the product page, and the toasts of its changes (also when replayed after a reload). */
export default {
  add: 'Add to wishlist',
  remove: 'Remove from wishlist',
  loginToManage: 'Please login to manage your wishlist',
  userNotFound: 'User not found',
  added: 'Added to wishlist!',
  removed: 'Removed from wishlist!',
  updateFailed: 'Failed to update wishlist',
};
