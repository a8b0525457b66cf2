package widgets

import "fyne.io/fyne/v2"

// The check boxes' and radio buttons' marks, drawn to fill the icon's
// square: Fyne's leave a margin, so a box was 18 dp across in its 24 dp
// square ("check boxes about 18 px", issue 22), beside a label in a row
// that takes the tap anywhere along it (48 dp tall with the theme's
// padding). The same paths as Fyne's, shown through a viewBox cut to them
// (23 dp across), so nothing around them moves.
var (
	checkBoxIcon = fyne.NewStaticResource("checkBox.svg", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg
   xmlns="http://www.w3.org/2000/svg"
   width="24"
   height="24"
   viewBox="2.5 2.5 19 19">
  <path
     d="M 20,4 V 20 H 4 V 4 H 20 M 19.914286,3 H 4.0857143 C 2.9857143,3 3,2.9857143 3,4.0857143 V 19.914286 C 3,21.014286 2.9857143,21 4.0857143,21 H 19.914286 C 21.014286,21 21,21.014286 21,19.914286 V 4.0857143 C 21,2.9857143 21.014286,3 19.914286,3 Z" />
</svg>`))
	checkBoxCheckedIcon = fyne.NewStaticResource("checkBoxChecked.svg", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg
   xmlns="http://www.w3.org/2000/svg"
   width="24"
   height="24"
   viewBox="2.5 2.5 19 19">
  <path
     d="M 19.914286,3 H 4.0857143 C 2.9757143,3 3,2.9857143 3,4.0857143 V 19.914286 C 3,21.014286 2.9757143,21 4.0857143,21 H 19.914286 C 21.024286,21 21,21.014286 21,19.914286 V 4.0857143 C 21,2.9857143 21.024286,3 19.914286,3 Z M 10,17 5,12 6.41,10.59 10,14.17 17.59,6.58 19,8 Z" />
</svg>`))
	checkBoxFillIcon = fyne.NewStaticResource("checkBoxFill.svg", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg
   xmlns="http://www.w3.org/2000/svg"
   width="24"
   height="24"
   viewBox="2.5 2.5 19 19">
  <rect x="5" y="5" width="14" height="14" style="fill:#000000;" />
</svg>`))
	checkBoxPartialIcon = fyne.NewStaticResource("checkBoxPartial.svg", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg
   xmlns="http://www.w3.org/2000/svg"
   width="24"
   height="24"
   viewBox="2.5 2.5 19 19">
  <path
          d="M 4.0859375,3 C 2.9759386,3 3,2.9859386 3,4.0859375 V 19.914062 C 3,21.014061 2.9759386,21 4.0859375,21 H 19.914062 C 21.024061,21 21,21.014061 21,19.914062 V 4.0859375 C 21,2.9859386 21.024061,3 19.914062,3 Z M 18.5,11 v 2 H 12.147368 5.5 v -2 h 6.59251 z" />
</svg>`))
	radioIcon = fyne.NewStaticResource("radio.svg", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg
   xmlns="http://www.w3.org/2000/svg"
   width="24"
   height="24"
   viewBox="1.5 1.5 21 21">
  <path
     d="M 12,2 C 6.48,2 2,6.48 2,12 2,17.52 6.48,22 12,22 17.52,22 22,17.52 22,12 22,6.48 17.52,2 12,2 Z m 0.0097,19.024071 C 6.9997372,21.048238 3,17 2.992626,12.037976 2.985139,7.0000002 6.9673493,2.9584714 12.036063,2.9795211 16.967347,3 21.069769,7.0000004 21.034853,12.004484 21,17 17,21 12.009738,21.024071 Z" />
</svg>`))
	radioCheckedIcon = fyne.NewStaticResource("radioChecked.svg", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg
   xmlns="http://www.w3.org/2000/svg"
   width="24"
   height="24"
   viewBox="1.5 1.5 21 21">
  <path
     d="m 12,5 c -4,0 -7,3 -7,7 1e-7,4 3,7 7,7 4.000133,0 7,-3 7,-7 C 19,8 16.000133,5.0000001 12,5 Z M 12,2 C 6.48,2 2,6.48 2,12 2,17.52 6.48,22 12,22 17.52,22 22,17.52 22,12 22,6.48 17.52,2 12,2 Z m 0,19.012245 C 6.9998134,21.02449 3,17 2.9709368,12.01188 2.9417352,7.0000008 7,3 12,2.9877551 17,2.9755102 21.02449,7 21.012245,12 21,17 17,21 12,21.012245 Z" />
</svg>`))
	radioFillIcon = fyne.NewStaticResource("radioFill.svg", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg
   xmlns="http://www.w3.org/2000/svg"
   width="24"
   height="24"
   viewBox="1.5 1.5 21 21">
  <path
     d="m 12,5 c -4,0 -7,3 -7,7 1e-7,4 3,7 7,7 4.000133,0 7,-3 7,-7 C 19,8 16.000133,5.0000001 12,5 Z" />
</svg>`))
)
