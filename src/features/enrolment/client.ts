// The enrolment feature offers nothing to other features' browser code yet: leaving is asked of its route.
export {};
