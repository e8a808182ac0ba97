package debugger

import (
	"reflect"
	"testing"
)

// TestTaskTimelineResumes: as the history of the test kernel grows, the
// task timeline kept from before and continued from its end equals one
// built afresh over the whole history, bounded or not.
func TestTaskTimelineResumes(t *testing.T) {
	for _, max := range []int{0, 7} {
		s := openRTOS(t, "rtos.elf")
		resumed := 0
		for range 40 {
			if st := s.StepCount(0, ByInstruction, false, 25_000); st.Reason != ReasonStep {
				break // the kernel exited
			}
			got, err := s.TaskTimeline(0, 0, max)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Intervals) > 0 {
				resumed++
			}
			kept := s.taskKept
			s.taskKept = taskTimelineKept{}
			want, err := s.TaskTimeline(0, 0, max)
			s.taskKept = kept
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("max %d at %d: resumed %+v\nafresh %+v", max, s.Now(), got, want)
			}
		}
		if resumed < 4 {
			t.Fatalf("max %d: only %d timelines with intervals: the test exercises too little", max, resumed)
		}
	}
}
