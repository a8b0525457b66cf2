package eternaut_test

import (
	"fmt"

	"tablekeeper/automa/eternaut"
)

// A Menace card activates the aliens from the third deck (Mindveil Fog):
// the decks are drawn from there, going right and wrapping round, skipping
// the races with no alien on the map.
func ExampleResolve() {
	out, err := eternaut.Resolve([]byte(`{"decision":"activation","modules":[
		{"race":"Human Robot","onMap":2},{"race":"Mano","onMap":0},{"race":"Mindveil Fog","onMap":1}],"start":3}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(out))
	// Output:
	// {
	//   "game": "eternaut",
	//   "decision": "activation",
	//   "result": {
	//     "draw": [
	//       "Mindveil Fog",
	//       "Human Robot"
	//     ],
	//     "modules": [
	//       3,
	//       1
	//     ],
	//     "skipped": [
	//       2
	//     ]
	//   },
	//   "trace": {
	//     "steps": [
	//       {
	//         "rule": "eternaut §5.8 (RB p.24)",
	//         "text": "activate the alien modules from Mindveil Fog (module 3), going right and wrapping round",
	//         "kept": [
	//           {
	//             "name": "Mindveil Fog",
	//             "facts": {
	//               "module": 3,
	//               "onMap": 1
	//             },
	//             "reason": "aliens on the map: draw the top card, resolve its Action section"
	//           },
	//           {
	//             "name": "Human Robot",
	//             "facts": {
	//               "module": 1,
	//               "onMap": 2
	//             },
	//             "reason": "aliens on the map: draw the top card, resolve its Action section"
	//           }
	//         ],
	//         "dropped": [
	//           {
	//             "name": "Mano",
	//             "facts": {
	//               "module": 2,
	//               "onMap": 0
	//             },
	//             "reason": "no alien of this race on the map: skipped"
	//           }
	//         ],
	//         "result": "draw in order: Mindveil Fog, Human Robot"
	//       },
	//       {
	//         "rule": "eternaut §5.7 C1, §5.8",
	//         "text": "then deal the 4 Consumed cubes again"
	//       }
	//     ]
	//   }
	// }
}
