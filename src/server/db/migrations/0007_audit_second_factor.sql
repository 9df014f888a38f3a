-- Turning the second factor on or off is written by Better Auth (verifyTOTP, disableTwoFactor) in
-- its own statement: the audit entry is written by the database in that same statement, so the
-- change and its entry land together or not at all, whatever path made the change.
CREATE FUNCTION "audit_second_factor"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_log" ("actor_type", "actor_id", "actor_label", "entity", "entity_id", "action", "before", "after")
  VALUES (
    'account', NEW."id", NEW."email", 'account', NEW."id",
    CASE WHEN NEW."two_factor_enabled" THEN '2fa-enabled' ELSE '2fa-disabled' END,
    jsonb_build_object('twoFactor', OLD."two_factor_enabled"),
    jsonb_build_object('twoFactor', NEW."two_factor_enabled")
  );
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "staff_user_second_factor_audited" AFTER UPDATE OF "two_factor_enabled" ON "staff_user"
  FOR EACH ROW WHEN (OLD."two_factor_enabled" IS DISTINCT FROM NEW."two_factor_enabled")
  EXECUTE FUNCTION "audit_second_factor"();
