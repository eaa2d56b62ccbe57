# Written by umpire: edit it and draw it again with `gnuplot ./palo-alto-dice.gp`.
set terminal svg size 760,420 dynamic font 'Helvetica,12' background rgb 'white'
set termoption noenhanced
set output 'palo-alto-dice.svg'
set encoding utf8
set grid ytics lc rgb '#dddddd'
set key outside right top
set xlabel 'face'
set ylabel 'rolls'
set title 'Faces rolled by side'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set yrange [0:*]
$data << EOD
"face" "US" "MEX"
"1" 0 400
"2" 100 200
"3" 300 600
"4" 700 400
"5" 500 500
"6" 700 300
"7" 500 500
"8" 200 100
"9" 600 200
"10" 200 100
EOD
set yrange [0:771]
set ytics 80
plot $data using 2:xtic(1) title columnheader(2), $data using 3:xtic(1) title columnheader(3)
