-- Who graded a logged review (decision 022): the learner in the review screen ("review": counts toward the
-- daily caps, undo takes it back) or the quiz, whose repeated miss of a card's question is a lapse ("quiz").
ALTER TABLE "card_reviews" ADD COLUMN "origin" text DEFAULT 'review' NOT NULL;