"use client";

import * as React from "react";
import { cn } from "@/lib/utils";
import type { PublicQuestion } from "../../grading";
import { Formatted } from "./formatted";

/** One question and its options as radio buttons; `chosen` is the letter picked so far ("" for none). */
export function QuestionCard({
  question,
  index,
  chosen,
  onChoose,
  headingRef,
}: {
  question: PublicQuestion;
  index: number;
  chosen: string;
  onChoose: (letter: string) => void;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const name = `question-${index}`;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 w-full">
        <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none sm:text-2xl" dir="auto">
          <Formatted text={question.question} html={question.html} />
        </h1>
      </legend>
      {question.options.map((option) => (
        <label
          key={option.letter}
          className={cn(
            "flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
            chosen === option.letter && "border-primary bg-primary/5",
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.letter}
            checked={chosen === option.letter}
            onChange={() => onChoose(option.letter)}
            className="mt-1 size-4 accent-primary"
          />
          <span className="font-semibold uppercase">{option.letter}.</span>
          <Formatted dir="auto" text={option.text} html={option.html} />
        </label>
      ))}
    </fieldset>
  );
}
