-- An account given a password by someone else (staff adding it, or resetting its password) must
-- choose its own at the next sign-in; until then its session may only change it or sign out.
ALTER TABLE "accounts" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
