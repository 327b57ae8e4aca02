ALTER TABLE "auth_token" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "emission_points" jsonb DEFAULT '[]'::jsonb NOT NULL;