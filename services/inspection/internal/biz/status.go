package biz

import "time"

// Grace is how long after its window a task may still be inspected as 超期已检
// (overdue inspected): one window, at most a day. After it the points not
// inspected are 漏检 (missed) and only a make-up (补检) records them.
func Grace(start, end time.Time) time.Duration {
	g := end.Sub(start)
	if g > 24*time.Hour {
		g = 24 * time.Hour
	}
	if g < 0 {
		g = 0
	}
	return g
}

// Inspected reports whether a point status is one of the inspected ones
// (2 已检, 4 超期已检, 6 漏检已补).
func Inspected(status int32) bool {
	return status == PointInspected || status == PointOverdueDone || status == PointMissedMadeUp
}

// StatusAt is the status a point not inspected has at now: 待检 inside its
// window, 超期未检 inside the grace, 漏检未补 after it. An inspected point
// keeps its status.
func StatusAt(status int32, end, miss, now time.Time) int32 {
	if Inspected(status) {
		return status
	}
	switch {
	case now.Before(end):
		return PointPending
	case now.Before(miss):
		return PointOverdue
	}
	return PointMissed
}

// InspectedStatus is the status a point gets when inspected at now: 已检
// inside its window, 超期已检 inside the grace, 漏检已补 after it.
func InspectedStatus(end, miss, now time.Time) int32 {
	switch {
	case now.Before(end):
		return PointInspected
	case now.Before(miss):
		return PointOverdueDone
	}
	return PointMissedMadeUp
}

// TaskStateOf is the stored state a task's point statuses give it: 已完成 when
// every point is inspected, 漏检 when one is missed and not made up, else
// open (已超期 is computed on read).
func TaskStateOf(statuses []int32) int32 {
	done := len(statuses) > 0
	for _, s := range statuses {
		if s == PointMissed {
			return TaskMissed
		}
		if !Inspected(s) {
			done = false
		}
	}
	if done {
		return TaskDone
	}
	return TaskOpen
}
