-- What a session check reads changes -> a notification on channel 'session_change' when the
-- transaction commits (server/db/change-feed.ts), whoever writes: the API, `npm run staff`, a
-- company deleted with its users (cascade), a restore. Every API node drops its cached copy
-- (server/domain/auth/session-cache.ts). Payloads: 'user:<company_id>:<id>', 'api_key:<id>',
-- 'role:<code>'. Columns a session does not read (last_used_at, updated_at, password_hash alone) do
-- not notify; a password change bumps token_version.
CREATE FUNCTION "session_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'app_user' THEN
    PERFORM pg_notify('session_change', 'user:' || r.company_id || ':' || r.id);
  ELSIF TG_TABLE_NAME = 'api_key' THEN
    PERFORM pg_notify('session_change', 'api_key:' || r.id);
  ELSE
    PERFORM pg_notify('session_change', 'role:' || r.code);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "app_user_session_change" AFTER UPDATE ON "app_user" FOR EACH ROW
  WHEN ((OLD.active, OLD.token_version, OLD.role, OLD.is_staff, OLD.email, OLD.first_name, OLD.last_name, OLD.emission_points)
    IS DISTINCT FROM (NEW.active, NEW.token_version, NEW.role, NEW.is_staff, NEW.email, NEW.first_name, NEW.last_name, NEW.emission_points))
  EXECUTE FUNCTION session_change_notify();
--> statement-breakpoint
CREATE TRIGGER "app_user_session_delete" AFTER DELETE ON "app_user" FOR EACH ROW EXECUTE FUNCTION session_change_notify();
--> statement-breakpoint
CREATE TRIGGER "api_key_session_change" AFTER UPDATE ON "api_key" FOR EACH ROW
  WHEN ((OLD.revoked_at, OLD.role, OLD.name, OLD.key_hash) IS DISTINCT FROM (NEW.revoked_at, NEW.role, NEW.name, NEW.key_hash))
  EXECUTE FUNCTION session_change_notify();
--> statement-breakpoint
CREATE TRIGGER "api_key_session_delete" AFTER DELETE ON "api_key" FOR EACH ROW EXECUTE FUNCTION session_change_notify();
--> statement-breakpoint
CREATE TRIGGER "role_session_change" AFTER UPDATE ON "role" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION session_change_notify();
--> statement-breakpoint
CREATE TRIGGER "role_session_delete" AFTER DELETE ON "role" FOR EACH ROW EXECUTE FUNCTION session_change_notify();
