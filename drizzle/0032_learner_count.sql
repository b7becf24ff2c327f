ALTER TABLE "courses" ADD COLUMN "learner_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_catalog_idx" ON "courses" USING btree ("learner_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "courses"."visibility" = 'public';--> statement-breakpoint
UPDATE "courses" SET "learner_count" = (
  SELECT count(*) FROM "course_learners"
  WHERE "course_learners"."course_id" = "courses"."id" AND "course_learners"."enrolled_at" IS NOT NULL
);--> statement-breakpoint
-- The count follows every enrolment wherever it is made or undone (enrolling, a class's
-- assignment, leaving, an account or course deleted): the database keeps it, not each caller.
CREATE FUNCTION "course_learner_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Enrolling again keeps the first date: nothing changes.
  IF TG_OP = 'UPDATE' AND OLD."course_id" = NEW."course_id"
    AND (OLD."enrolled_at" IS NULL) = (NEW."enrolled_at" IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."enrolled_at" IS NOT NULL THEN
    UPDATE "courses" SET "learner_count" = "learner_count" - 1 WHERE "id" = OLD."course_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."enrolled_at" IS NOT NULL THEN
    UPDATE "courses" SET "learner_count" = "learner_count" + 1 WHERE "id" = NEW."course_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "course_learners_count" AFTER INSERT OR DELETE OR UPDATE OF "enrolled_at", "course_id" ON "course_learners"
FOR EACH ROW EXECUTE FUNCTION "course_learner_count"();
