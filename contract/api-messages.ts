import { LAST_ADMIN, OWN_ACCOUNT, OWN_ROLE, REGISTRATION_EXPIRED } from './auth';
import { ORDER_NOTES_FULL, REFUND_REFERENCE_REQUIRED, NO_GATEWAY_REFUND } from './back-office-orders';
import { REVIEW_AFTER_DELIVERY, SALE_PRICE_TOO_LOW } from './catalogue';
import { couponCodeTaken, PERCENT_OVER_100, usageLimitBelowUses, VALID_TO_BEFORE_FROM } from './coupons';
import { IMAGE_DAMAGED, IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE } from './image-limits';
import {
  COUPON_ALREADY_USED,
  COUPON_EXPIRED,
  COUPON_USED_UP,
  couponBelowMinimum,
  INVALID_COUPON,
  orderCannotMove,
  totalChanged,
  type OrderStatus,
} from './orders';
import { CITY_NOT_IN_DISTRICT, DISTRICT_NOT_IN_DIVISION, DISTRICT_UNKNOWN } from './places';
import { CURRENT_PASSWORD_WRONG } from './profile';
import { PUSH_DEVICE_TAKEN, PUSH_SERVICE_UNKNOWN } from './push';
import { RETURN_REFUND_NUMBER_NEEDED } from './returns';
import { SHOP_WORD_NOT_FOUND, SHOP_WORDS_FULL } from './shop-words';

/**
 * Every message the API answers a failure with, by its stable code: the code travels beside the English text
 * (`{ success: false, message, code, values? }`), so the app can say it in the shopper's language. A text with values
 * is a function of them, in the order the answer's `values` lists them. Codes never change meaning; a new text gets a
 * new code.
 */
export const API_MESSAGES = {
  /* ---------- any request ---------- */
  /** A request that breaks its schema: the answer's message is the first problem found, `errors` lists them all. */
  invalidInput: 'Invalid request',
  /** A refusal of the web framework's own (a body too large, a wrong content type): its message is the framework's. */
  requestNotAccepted: 'The request could not be accepted',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  notFound: 'Not found',
  noApiRoute: (method: string, path: string) => `No API route ${method} ${path}`,
  addressTooLong: 'The address is too long',
  addressInvalid: 'The address is not valid',
  busy: 'The shop is busy right now. Please try again in a moment.',
  notReadyDatabase: 'Not ready: the database does not answer',
  notReadyMigrations: 'Not ready: database migrations are pending',
  notReadyDraining: 'Not ready: shutting down',
  bodyNotJson: 'The body is not JSON',
  metricsTokenRequired: 'The metrics need the metrics token',
  pushEndpointNotHttps: 'The push endpoint must be an https address',
  pushServiceUnknown: PUSH_SERVICE_UNKNOWN,
  pushDeviceTaken: PUSH_DEVICE_TAKEN,
  pushKeyInvalid: 'The subscription key p256dh must be a P-256 public key in base64url',
  noSuchSitemap: 'No such sitemap',
  fontNotReady: 'The Bangla font is not ready yet. Please try again.',

  /* ---------- signing in and accounts ---------- */
  signInRequired: 'Please sign in to continue',
  noPermission: 'You do not have permission to do this',
  sessionExpired: 'Session expired, please sign in again',
  signInAgain: 'Please sign in again',
  badCredentials: 'Invalid email/phone or password',
  verifyBeforeSignIn: 'Please verify your account before signing in',
  accountAlreadyVerified: 'Account already verified',
  emailTaken: 'An account with this email already exists',
  phoneTaken: 'An account with this phone number already exists',
  registrationExpired: REGISTRATION_EXPIRED,
  verificationLinkInvalid: 'Invalid verification link',
  verificationLinkExpired: 'Verification link has expired',
  signupPasswordWrong: 'This is not the password chosen when signing up with this link',
  otpFailed: 'Invalid OTP or session expired',
  tooManyCodes: 'Too many codes and links were asked for from your network. Please try again in an hour.',
  tooManyToAddress:
    'Too many codes and links were sent to this address in the last hour. Please try again in an hour, or from a device you have signed in on before.',
  codesLocked: 'Too many wrong codes were entered here. Codes for this address work again in an hour; signing in with your password still works.',
  tooManyWrongPasswords:
    'Too many wrong passwords were tried for this account. Sign in from a device you have used before, reset your password, or try again in an hour.',
  googleFailed: 'Google authentication failed',
  googleEmailLinkedElsewhere: 'This email is linked to another Google account',
  resetExpired: 'Reset session expired. Please request a new OTP.',

  /* ---------- profile ---------- */
  userNotFound: 'User not found',
  ownProfileOnly: 'You can only manage your own profile',
  currentPasswordWrong: CURRENT_PASSWORD_WRONG,
  chooseImage: 'Choose an image to upload',
  changeAlreadyConfirmed: 'This change is already confirmed',
  emailTakenNow: 'This email now belongs to another account',
  phoneTakenNow: 'This phone number now belongs to another account',
  changeLinkInvalid: 'Invalid link. Ask for the change again in Settings.',
  changeLinkExpired: 'This link has expired. Ask for the change again in Settings.',
  changeLinkForAnotherAccount: 'This link was sent for another account. Sign in to that account and open it again.',

  /* ---------- orders ---------- */
  orderNotFound: 'Order not found',
  ownOrdersOnly: 'You can only see your own orders',
  ownOrdersPlaceOnly: 'You can only place orders for yourself',
  ownOrdersChangeOnly: 'You can only change your own orders',
  productUnavailable: 'A product in your order is no longer available',
  onlyLeft: (remaining: number, product: string) => `Only ${remaining} left of ${product}`,
  outOfStock: (product: string) => `${product} is out of stock`,
  chooseColour: (product: string) => `Please choose a colour for ${product}`,
  chooseSize: (product: string) => `Please choose a size for ${product}`,
  notInColour: (product: string, colour: string) => `${product} does not come in ${colour}`,
  notInSize: (product: string, size: string) => `${product} does not come in size ${size}`,
  districtNotInDivision: DISTRICT_NOT_IN_DIVISION,
  cityNotInDistrict: CITY_NOT_IN_DISTRICT,
  districtUnknown: DISTRICT_UNKNOWN,
  notInChoice: (product: string) => `${product} is no longer sold in the size or colour chosen`,
  invalidCoupon: INVALID_COUPON,
  couponExpired: COUPON_EXPIRED,
  tooManyCouponTries: 'Too many coupon codes were tried. Please try again in an hour.',
  couponUsedUp: COUPON_USED_UP,
  couponAlreadyUsed: COUPON_ALREADY_USED,
  couponBelowMinimum: (minOrder: number) => couponBelowMinimum(minOrder),
  totalChanged: (total: number) => totalChanged(total),
  orderBeingPlaced: 'This order is still being placed. Please try again.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order',
  orderCannotMove: (from: OrderStatus, to: OrderStatus) => orderCannotMove(from, to),
  shopOnlyStatus: 'Only the shop can change an order to this status',
  onlyPendingCancel: 'Only pending orders can be cancelled',
  paidOrderNeedsRefund: 'This order is paid: submit a refund request to cancel it',
  orderChanged: 'The order changed in the meantime. Please reload and try again.',
  cashOrderUnconfirmed: 'This cash order is not confirmed yet: confirm it with the customer first.',
  cancelReasonNotYours: 'This reason is not on your list: choose one of yours',
  orderNotesFull: ORDER_NOTES_FULL,
  unconfirmedCashOrders: (max: number) =>
    `This phone number already has ${max} cash orders waiting for confirmation. Confirm them with the codes we sent first, or pay online.`,
  cashCodeWrong: 'That code is not right. Check the SMS and try again.',
  cashCodeTriesUsed: 'Too many wrong codes for this order. Ask for a new code.',
  cashCodeResendWait: 'A code was sent a moment ago. Please wait a minute before asking again.',
  cashCodesUsedUp: 'No more codes can be sent for this order. The shop will call you to confirm it.',
  cashOrderNotAwaiting: 'This order is not waiting for confirmation.',
  parcelAlreadyBooked: 'This order already has a parcel with a courier.',
  parcelNotBookable: (status: string) => `An order that is ${status} cannot be handed to a courier: only an order in processing can.`,
  parcelBookingUnderWay: 'This parcel is being booked already. Please reload in a moment.',
  courierNotBooking: (courier: string) => `${courier} did not book the parcel. Please try again in a moment.`,
  courierNotAnswering: (courier: string) => `${courier} is not answering. Please try again in a moment.`,
  parcelNotWithCourier: (courier: string) => `This order has no parcel with ${courier}.`,
  courierWebhookRefused: "The courier's secret or signature is not right",
  courierWebhookInvalid: "This is not the courier's webhook",
  noSuchParcel: 'No such parcel',
  sandboxCourierKeyWrong: 'The sandbox courier does not know this API key and secret',
  parcelInvoiceTaken: 'This invoice has a parcel already',
  parcelNotOnItsWay: (status: string) => `This parcel is already ${status}.`,
  exportTooMany: (matching: number, max: number) => `${matching} orders match: narrow the filters to at most ${max.toLocaleString('en-US')} to export them`,
  invoicesBusy: 'Invoices are busy right now. Please try again in a few seconds.',
  packingSlipsBusy: 'Packing slips are busy right now. Please try again in a few seconds.',
  orderUpdatesTooMany: 'Order updates are open in too many windows of this account. Close one and try again.',

  /* ---------- returns ---------- */
  returnNotDelivered: 'Only a delivered order can be returned.',
  returnWindowClosed: (days: number) => `Items can be returned within ${days} days of delivery: this order's time has passed.`,
  returnAlreadyAsked: 'A return was already asked for this order.',
  returnLineUnknown: 'This order has no such item.',
  returnMoreThanBought: (name: string, bought: number) => `You bought ${bought} of ${name}: you cannot return more.`,
  returnRefundNumberNeeded: RETURN_REFUND_NUMBER_NEEDED,
  tooManyReturnRequests: 'Too many return requests. Please try again in an hour.',
  returnNotFound: 'Return not found',
  returnDecided: 'This return is already decided.',
  returnNotApproved: 'Only an approved return can be marked received.',
  returnNotReceived: 'The money is paid back once the parcel is back: mark it received first.',
  returnRefunded: 'This return has already been paid back.',
  returnChanged: 'The return changed in the meantime. Please reload and try again.',

  /* ---------- payments ---------- */
  paymentNotFound: 'Payment not found',
  orderAlreadyPaid: 'This order is already paid',
  orderCancelledCannotPay: 'This order was cancelled and can no longer be paid',
  gatewayUnreachable: 'The payment gateway is not answering. Please try again in a moment.',
  gatewayRefusedPayment: (reason: string) => `The payment gateway refused the payment${reason ? `: ${reason}` : ''}`,
  gatewayRefusedRefund: (reason: string) => `The payment gateway refused the refund${reason ? `: ${reason}` : ''}`,
  ipnNotAccepted: 'IPN not accepted',

  /* ---------- refunds ---------- */
  ownRefundsOnly: 'You can only request refunds for your own orders',
  refundAlreadyRequested: 'A refund has already been requested for this order',
  onlyOnlinePaidRefund: 'Only orders paid online can be refunded',
  onlyPendingRefund: 'Only pending orders can be cancelled for a refund',
  refundNotFound: 'Refund request not found',
  refundAlreadyPaid: 'This refund has already been paid back',
  refundRejected: 'This refund was rejected',
  noGatewayRefund: NO_GATEWAY_REFUND,
  refundReferenceRequired: REFUND_REFERENCE_REQUIRED,
  refundChanged: 'The refund changed in the meantime. Please reload and try again.',
  refundReasonRequired: 'Give a reason for the customer',
  refundIdMismatch: 'The refund id in the body does not match the URL',

  /* ---------- reviews and the wishlist ---------- */
  productNotFound: 'Product not found',
  ownReviewsOnly: 'You can only post reviews as yourself',
  cannotReviewOwn: 'You cannot review your own product',
  reviewAfterDelivery: REVIEW_AFTER_DELIVERY,
  ownWishlistOnly: 'You can only manage your own wishlist',
  wishlistFull: (max: number) => `Your wishlist is full (${max} products). Remove some to add more.`,
  addressesFull: (max: number) => `You can keep at most ${max} addresses`,

  /* ---------- images and uploads ---------- */
  imageTooLarge: IMAGE_TOO_LARGE,
  imageWrongType: IMAGE_WRONG_TYPE,
  imageDamaged: IMAGE_DAMAGED,
  imageTooManyPixels: 'Image must be at most 50 megapixels',
  imageNotFound: 'Image not found',
  imageCannotShow: 'This image cannot be shown',
  imagesBusy: 'Images are busy right now. Please try again in a moment.',
  uploadLimit: (limit: number) => `You can upload at most ${limit} images an hour. Please try again later.`,
  uploadsInProgress: 'Your other uploads are still being received. Please wait for them to finish.',
  unexpectedFileField: (fields: string, expected: string) => `Unexpected file field: ${fields}; expected ${expected}`,
  unknownFormFields: (fields: string) => `Unknown field: ${fields}`,
  imageNotStored: (field: string) => `${field} names an image that is not stored here: upload it first`,
  tooManyUploads: (max: number) => `At most ${max} images can be uploaded at once`,
  tooManyFormFields: 'The form has too many fields',
  formUnreadable: 'The form could not be read: it is not valid multipart data',
  expectedForm: 'Expected a form or a JSON object',
  formFieldTooLong: (field: string) => `${field} is too long`,
  oneImagePerField: (field: string) => `${field} takes one image`,

  /* ---------- the back office: catalogue, products, coupons, users ---------- */
  categoryNotFound: 'Category not found',
  subCategoryNotFound: 'Sub-category not found',
  subSubCategoryNotFound: 'Sub-sub-category not found',
  categoryNameTaken: 'A category with this name already exists',
  categoryImageRequired: 'Category image is required',
  categoryInUse: 'This category still has products; move or delete them first',
  subCategoryInUse: 'This sub-category still has products; move or delete them first',
  subSubCategoryInUse: 'This sub-sub-category still has products; move or delete them first',
  subCategoryNotInThisCategory: 'The sub-category does not belong to this category',
  subCategoryNotInCategory: 'The sub-category does not belong to the category',
  subSubCategoryNotInSubCategory: 'The sub-sub-category does not belong to the sub-category',
  bannerImageRequired: 'Banner image is required',
  bannerNotFound: 'Banner not found',
  logoImageRequired: 'Logo image is required',
  logoNotFound: 'Logo not found',
  ownProductsOnly: 'You can only change your own products',
  sellersOwnProductsOnly: 'Sellers can only create products of their own',
  ownerMustBeSeller: 'The owner must be a seller',
  productImageRequired: 'At least one product image is required',
  productTooManyImages: (max: number) => `A product can have at most ${max} images`,
  productImageNoFile: (image: string, files: number) =>
    `${image} names no file: the form has ${files} productImages file${files === 1 ? '' : 's'}, counted from 0`,
  productImageTwice: (image: string) => `${image} is given more than once`,
  salePriceTooLow: SALE_PRICE_TOO_LOW,
  skuTaken: (sku: string) => `The SKU ${sku} is already used by another product`,
  productSkuWithVariants: 'A product with variants has no SKU of its own: give each variant its SKU',
  variantNotOfProduct: (row: number) => `Variant ${row}: its _id is not a variant of this product`,
  csvNotUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again',
  csvNotText: 'The file is not a CSV file',
  csvTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB`,
  csvTooManyRows: (rows: number) => `The file has more than ${rows} rows`,
  csvNoHeader: 'The file has no header row',
  csvMissingColumns: (columns: string) => `The file lacks the columns ${columns}`,
  csvUnknownColumns: (columns: string) => `The file has columns the import does not know: ${columns}`,
  csvQuoteNotClosed: (line: number) => `Line ${line}: a quoted cell is never closed`,
  csvTextAfterQuote: (line: number) => `Line ${line}: text after a closing quote`,
  csvStrayQuote: (line: number) => `Line ${line}: a quote inside a cell that does not start with one`,
  importPreviewStale: 'The products or the file changed since the preview: preview the file again',
  importCellCount: (cells: number, columns: number) => `The line has ${cells} cells where the header has ${columns}`,
  importColumnsDiffer: (column: string, line: number) => `Line ${line} gives the product another ${column} than its first line`,
  importUnknownProduct: (productId: string) => `No product has the productId ${productId}`,
  importUnknownCategory: (category: string) => `No category is called ${category}`,
  importUnknownSubCategory: (subCategory: string) => `The category has no sub-category ${subCategory}`,
  importUnknownSubSubCategory: (subSubCategory: string) => `The sub-category has no sub-sub-category ${subSubCategory}`,
  importVariantNotOfProduct: (variantId: string) => `The variant ${variantId} is not one of this product's`,
  importSkuTwice: (sku: string, line: number) => `The SKU ${sku} is also on line ${line}`,
  couponNotFound: 'Coupon not found',
  shopWordNotFound: SHOP_WORD_NOT_FOUND,
  shopWordsFull: SHOP_WORDS_FULL,
  couponCodeTaken: (code: string) => couponCodeTaken(code),
  percentOver100: PERCENT_OVER_100,
  validToBeforeFrom: VALID_TO_BEFORE_FROM,
  usageLimitBelowUses: (used: number) => usageLimitBelowUses(used),
  lastAdmin: LAST_ADMIN,
  ownRole: OWN_ROLE,
  ownAccount: OWN_ACCOUNT,
} as const;

type Catalogue = typeof API_MESSAGES;
export type ApiMessageCode = keyof Catalogue;
/** The codes whose text has no values, and the codes of texts made from values. */
export type FixedMessageCode = { [C in ApiMessageCode]: Catalogue[C] extends string ? C : never }[ApiMessageCode];
export type MessageWithValuesCode = Exclude<ApiMessageCode, FixedMessageCode>;
/** A text of the catalogue without values, exactly as written there: the server may throw only these as they are. */
export type ApiText = Catalogue[FixedMessageCode];
export type ApiMessageValue = string | number;

/** A failure's message as the API sends it: the code, the English text, and the values the text was made from. */
export type ApiMessage = { code: ApiMessageCode; message: string; values?: ApiMessageValue[] };

const CODE_OF_TEXT = new Map<string, ApiMessageCode>(
  Object.entries(API_MESSAGES).flatMap(([code, text]) => (typeof text === 'string' ? [[text, code as ApiMessageCode]] : [])),
);

/** The code of a fixed text, or undefined for a text the catalogue does not hold. */
export const codeOfText = (text: string): ApiMessageCode | undefined => CODE_OF_TEXT.get(text);

/** A catalogued text with no values, or one made from its values. */
export function apiMessage<C extends ApiMessageCode>(code: C, ...values: Catalogue[C] extends (...values: infer V) => string ? V : []): ApiMessage {
  const text = API_MESSAGES[code] as string | ((...values: ApiMessageValue[]) => string);
  const given = values as ApiMessageValue[];
  return typeof text === 'string' ? { code, message: text } : { code, message: text(...given), values: given };
}
