-- A consultant's grant stands in for a membership (decision 0006): granting or revoking it must throw
-- the client's cached list answers away, as a membership change does (decision 0004), so a revoked
-- consultant is refused on the very next request, cached list or not.
CREATE CONSTRAINT TRIGGER keel_list_revision AFTER INSERT OR UPDATE OR DELETE ON consultant_access DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION keel_row_changed('organization_id');
