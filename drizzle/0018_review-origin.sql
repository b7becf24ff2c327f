-- Who graded a logged review (decision 022): the learner in the review screen ("review": counts toward the
-- daily caps, undo takes it back) or the quiz, whose repeated miss of a card's question is a lapse ("quiz").
-- And the daily queue's two reads as partial indexes: due cards already seen, and new cards.
ALTER TABLE "card_reviews" ADD COLUMN "origin" text DEFAULT 'review' NOT NULL;--> statement-breakpoint
CREATE INDEX "cards_user_due_seen_idx" ON "cards" USING btree ("user_id","due") WHERE "cards"."state" <> 0 and not "cards"."suspended";--> statement-breakpoint
CREATE INDEX "cards_user_due_new_idx" ON "cards" USING btree ("user_id","due") WHERE "cards"."state" = 0 and not "cards"."suspended";
