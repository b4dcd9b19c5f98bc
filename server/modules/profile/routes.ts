import type { FastifyPluginAsync } from 'fastify';
import { idParamsSchema } from '../../../contract/envelope';
import {
  changePasswordSchema,
  confirmEmailSchema,
  confirmPhoneSchema,
  PROFILE_IMAGE_FIELD,
  profileImageFieldsSchema,
  profileUpdateSchema,
  type ProfileImageResult,
} from '../../../contract/profile';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { ok } from '../../http/reply';
import { parse } from '../../http/validate';
import { acceptUploads, formImage, readForm, rejectUnknownFiles } from '../media/uploads';
import { changePassword, checkSelf, confirmEmail, confirmPhone, getProfile, setProfileImage, updateProfile } from './service';

/** `/api/user/*` profile calls of the customer area: read, update, change password, upload a picture. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  return async (app) => {
    await acceptUploads(app);

    app.get('/get-single-user/:id', async (request) => {
      const { id } = parse(idParamsSchema, request.params);
      return ok(await getProfile(db, requireUser(request), id), 'User');
    });

    app.put('/update-profile', async (request) => {
      const actor = requireUser(request);
      return ok(await updateProfile(ctx, actor, parse(profileUpdateSchema, request.body), request.ip), 'Profile updated successfully');
    });

    app.post('/confirm-email', async (request) => {
      const actor = requireUser(request);
      return ok(await confirmEmail(ctx, actor, parse(confirmEmailSchema, request.body).token), 'Email changed successfully');
    });

    // A 4-digit code is guessed here: limited like the other code checks.
    app.post('/confirm-phone', { config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } } }, async (request) => {
      const actor = requireUser(request);
      return ok(await confirmPhone(ctx, actor, parse(confirmPhoneSchema, request.body).code), 'Phone number changed successfully');
    });

    // The current password can be guessed here by whoever holds a stolen access token: limited like sign-in.
    app.patch('/change-password', { config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } } }, async (request) => {
      const actor = requireUser(request);
      await changePassword(db, actor, parse(changePasswordSchema, request.body));
      return ok(null, 'Password changed successfully');
    });

    app.post('/upload-profile-image', async (request) => {
      const actor = requireUser(request);
      const form = await readForm(request);
      rejectUnknownFiles(form, [PROFILE_IMAGE_FIELD]);
      const { id } = parse(profileImageFieldsSchema, form.fields);
      // Refused before the file is stored: nobody fills the disk through someone else's account.
      checkSelf(actor, id);
      const url = await formImage(ctx.config.dataDir, form, PROFILE_IMAGE_FIELD);
      if (!url) throw badRequest('Choose an image to upload');
      const result: ProfileImageResult = { profileImg: url, user: await setProfileImage(db, actor, id, url) };
      return ok(result, 'Profile image updated successfully');
    });
  };
}
