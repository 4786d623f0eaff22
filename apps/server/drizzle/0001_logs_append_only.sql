-- The audit trail can only grow: no update or delete path exists, not even by mistake.
CREATE OR REPLACE FUNCTION logs_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'logs are append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER logs_append_only
  BEFORE UPDATE OR DELETE ON logs
  FOR EACH ROW EXECUTE FUNCTION logs_refuse_change();
