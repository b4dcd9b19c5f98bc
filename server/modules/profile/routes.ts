import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../contract/envelope';
import {
  changePasswordSchema,
  confirmEmailSchema,
  confirmPhoneSchema,
  PROFILE_IMAGE_FIELD,
  profileImageFieldsSchema,
  profileImageResultSchema,
  profileSchema,
  profileUpdateSchema,
} from '../../../contract/profile';
import type { AppContext } from '../../context';
import { requireUser, SIGNED_IN } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { clientKey } from '../../http/client-address';
import { requestLocale } from '../../http/locale';
import { answers, noData, ok } from '../../http/reply';
import { acceptUploads, requireStored, saveUploadedImage } from '../../http/uploads';
import { changePassword, checkSelf, confirmEmail, confirmPhone, getProfile, setProfileImage, updateProfile } from './service';

const tags = ['profile'];

/** `/api/user/*` profile calls of the customer area: read, update, change password, upload a picture. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    await acceptUploads(app, ctx.media);

    app.get(
      '/get-single-user/:id',
      {
        config: { access: SIGNED_IN },
        schema: { tags, summary: "A profile: your own (an admin: anyone's)", params: idParamsSchema, response: answers(profileSchema) },
      },
      async (request) => ok(await getProfile(db, requireUser(request), request.params.id), 'User'),
    );

    app.put(
      '/update-profile',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: 'Change your name, address or picture; a new email or phone takes effect once its owner confirms it',
          body: profileUpdateSchema,
          response: answers(profileSchema),
        },
      },
      async (request) => {
        await requireStored(ctx.media, 'profileImg', request.body.profileImg);
        return ok(await updateProfile(ctx, requireUser(request), request.body, clientKey(request.ip), requestLocale(request)), 'Profile updated successfully');
      },
    );

    app.post(
      '/confirm-email',
      {
        config: { access: SIGNED_IN },
        schema: { tags, summary: "Confirm a new email with its link's token", body: confirmEmailSchema, response: answers(profileSchema) },
      },
      async (request) => ok(await confirmEmail(ctx, requireUser(request), request.body.token, requestLocale(request)), 'Email changed successfully'),
    );

    // A 4-digit code is guessed here: limited like the other code checks.
    app.post(
      '/confirm-phone',
      {
        config: { access: SIGNED_IN, rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } },
        schema: { tags, summary: 'Confirm a new phone number with the SMS code', body: confirmPhoneSchema, response: answers(profileSchema) },
      },
      async (request) => ok(await confirmPhone(ctx, requireUser(request), request.body.code, requestLocale(request)), 'Phone number changed successfully'),
    );

    // The current password can be guessed here by whoever holds a stolen access token: limited like sign-in.
    app.patch(
      '/change-password',
      {
        config: { access: SIGNED_IN, rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } },
        schema: { tags, summary: 'Change your password; other sessions are signed out', body: changePasswordSchema, response: answers(noData) },
      },
      async (request) => {
        await changePassword(db, requireUser(request), request.body);
        return ok(null, 'Password changed successfully');
      },
    );

    app.post(
      '/upload-profile-image',
      {
        config: { access: SIGNED_IN, uploads: [PROFILE_IMAGE_FIELD] },
        schema: { tags, summary: 'Upload your profile picture', body: profileImageFieldsSchema, response: answers(profileImageResultSchema) },
      },
      async (request) => {
        const actor = requireUser(request);
        const { id } = request.body;
        // Refused before the file is stored: nobody fills the disk through someone else's account.
        checkSelf(actor, id);
        const url = await saveUploadedImage(ctx.media, request, PROFILE_IMAGE_FIELD);
        if (!url) throw badRequest('Choose an image to upload');
        return ok({ profileImg: url, user: await setProfileImage(db, ctx.media, actor, id, url) }, 'Profile image updated successfully');
      },
    );
  };
}
