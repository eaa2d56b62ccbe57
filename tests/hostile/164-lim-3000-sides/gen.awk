BEGIN {
  print "battle \"Many sides\""
  for (i = 1; i <= 3000; i++) {
    printf "side s%d nation=US\n", i
    printf "  unit u%d \"U\" inf raw spirited M stands=4\n", i
  }
  print "turn 1 s1"
  print "note \"x\""
}
