/** The enrolment feature's browser entry: who may enrol (the viewer's share menu asks it on click). */
export { changeCourseVisibility, enrolLink } from "./enrolment-actions";
