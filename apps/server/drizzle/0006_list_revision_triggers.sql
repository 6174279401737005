-- Raises an organization's list revision once per transaction, whichever table the change touched.
-- The tenant is set locally for the counter's own row-level security and put back afterwards.
CREATE FUNCTION keel_raise_organization_revision(org uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tenant text := current_setting('app.organization_id', true);
BEGIN
  IF org IS NULL OR current_setting('keel.revision_raised_for', true) = org::text THEN
    RETURN;
  END IF;
  PERFORM set_config('app.organization_id', org::text, true);
  INSERT INTO organization_revisions (organization_id, revision)
    SELECT org, 1 WHERE EXISTS (SELECT 1 FROM organizations WHERE id = org)
    ON CONFLICT (organization_id) DO UPDATE SET revision = organization_revisions.revision + 1;
  PERFORM set_config('app.organization_id', coalesce(tenant, ''), true);
  PERFORM set_config('keel.revision_raised_for', org::text, true);
END $$;
--> statement-breakpoint
-- TG_ARGV[0] names the column holding the organization (organization_id, or id on organizations).
CREATE FUNCTION keel_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM keel_raise_organization_revision(
    ((CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0])::uuid
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
-- People's names and pictures appear in every organization's lists they belong to.
CREATE FUNCTION keel_person_shown_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  viewer text := current_setting('app.user_id', true);
  membership record;
BEGIN
  PERFORM set_config('app.user_id', NEW.id::text, true);
  FOR membership IN SELECT organization_id FROM memberships WHERE user_id = NEW.id LOOP
    PERFORM keel_raise_organization_revision(membership.organization_id);
  END LOOP;
  PERFORM set_config('app.user_id', coalesce(viewer, ''), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER keel_list_revision AFTER UPDATE OF first_name, last_name, avatar_url ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url)
  EXECUTE FUNCTION keel_person_shown_changed();
--> statement-breakpoint
-- Deferred to commit, so the counter's row is locked only for the instant of the commit, not for the
-- whole transaction: writers in one organization do not queue behind each other.
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON organizations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON memberships DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON teams DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON team_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON todos DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON headlines DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON cascading_messages DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON cascading_message_recipients DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON cascading_message_receipts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON issues DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON issue_votes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON issue_comments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON issue_attachments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON issue_trail DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON priorities DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON milestones DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON priority_updates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON priority_attachments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
