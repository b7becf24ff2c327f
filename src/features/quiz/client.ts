// The quiz's browser entry, pure: what other features and the pages may use without the server.
export {
  certificateDate,
  certificateImagePath,
  isPublicId,
  linkedInAddUrl,
  quizResultParts,
} from "./certificate-format";
export { SECONDS_PER_QUESTION, type PublicQuestion, type QuestionResult } from "./grading";
