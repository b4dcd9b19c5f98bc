CREATE INDEX "order_items_image_idx" ON "order_items" USING btree ("image");--> statement-breakpoint
CREATE INDEX "products_images_idx" ON "products" USING gin ("images");--> statement-breakpoint
CREATE INDEX "users_profile_img_idx" ON "users" USING btree ("profile_img");