import "server-only";

/**
 * The quiz feature's server entry: serving, grading, certificates and "Review what I missed"
 * (service.ts), for the quiz routes and pages.
 */
export * from "./service";
export {
  authoredQuestions,
  questionRewriteSchema,
  quizForAuthor,
  quizSaveSchema,
  rewriteQuestionForAuthor,
  saveQuizForAuthor,
} from "./quiz-authoring";
